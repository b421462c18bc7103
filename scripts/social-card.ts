/** サイト共通の SNS カード static/img/social-card.png を描く: tsx scripts/social-card.ts */
import {readFileSync, writeFileSync} from 'node:fs';
import {renderCard} from '../plugins/seo/card';
import {DEFAULT_SITE_URL, site} from '../src/constants/site';

async function main(): Promise<void> {
  const png = await renderCard({
    title: site.tagline,
    section: `${site.title} 公式ドキュメント`,
    host: new URL(DEFAULT_SITE_URL).host,
    logoSvg: readFileSync('static/img/logo.svg', 'utf8'),
  });
  writeFileSync('static/img/social-card.png', png);
  console.log(`static/img/social-card.png: ${png.length} bytes`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
