import {mkdir, readFile, writeFile} from 'node:fs/promises';
import {availableParallelism} from 'node:os';
import path from 'node:path';
import pMap from 'p-map';
import {listHtmlFiles} from '../../lib/html-files';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {registerStep} from '../build-state';
import {contentKey, fileCache} from '../cache';
import {cardVersion, renderCard, type CardInput} from './card';
import {
  cardFileFor,
  cardSection,
  hasOwnCard,
  pageTitle,
  replaceSocialImage,
  withoutOwnUrl,
} from './html';

export function robotsTxt(siteUrl: string): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${siteUrl}/sitemap.xml\n`;
}

/** 描いたカード。同じ題・見出し・ホスト・ロゴのカードは、次のビルドから描き直さない。 */
const cards = fileCache('denki-social-cards', 'png');

async function cardFor(input: CardInput): Promise<Buffer> {
  const key = contentKey({cardVersion, ...input});
  const cached = cards.read(key);
  if (cached) return cached;
  const png = await renderCard(input);
  cards.write(key, png);
  return png;
}

/** ページごとの SNS カード画像を描き、og:image と twitter:image をその画像に差し替える（hasOwnCard のページ）。 */
async function writeSocialCards(outDir: string, siteUrl: string, logoSvg: string): Promise<void> {
  const host = new URL(siteUrl).host;
  const pages = (await listHtmlFiles(outDir)).filter(
    (file) => file !== '404.html' && hasOwnCard(file),
  );
  const concurrency = availableParallelism() + 1;
  await pMap(
    pages,
    async (file) => {
      const htmlPath = path.join(outDir, file);
      const html = await readFile(htmlPath, 'utf8');
      // 旧 URL の転送ページ（plugins/redirects）や 404 は共有されないので、サイト共通のカードのままにする。
      if (!html.includes('property="og:image"') && !html.includes('property=og:image')) return;
      const title = pageTitle(html);
      if (!title) return;
      const cardFile = cardFileFor(file);
      const png = await cardFor({title, section: cardSection(file), host, logoSvg});
      await mkdir(path.dirname(path.join(outDir, cardFile)), {recursive: true});
      await writeFile(path.join(outDir, cardFile), png);
      await writeFile(htmlPath, replaceSocialImage(html, `${siteUrl}/${cardFile}`));
    },
    {concurrency},
  );
}

/** 404 ページから、ビルド時のパス（/404.html）を自分の URL として述べる要素を除く。 */
async function dropNotFoundOwnUrl(outDir: string): Promise<void> {
  const file = path.join(outDir, '404.html');
  await writeFile(file, withoutOwnUrl(await readFile(file, 'utf8')));
}

export default function seoPlugin(context: LoadContext): Plugin {
  const siteUrl = context.siteConfig.url.replace(/\/+$/, '');
  const cardsStep = registerStep('socialCardsWritten');
  return {
    name: 'denki-seo',
    async postBuild({outDir}) {
      await writeFile(path.join(outDir, 'robots.txt'), robotsTxt(siteUrl));
      await cardsStep(async () => {
        const logoSvg = await readFile(path.join(context.siteDir, 'static/img/logo.svg'), 'utf8');
        await writeSocialCards(outDir, siteUrl, logoSvg);
        await dropNotFoundOwnUrl(outDir);
      });
    },
  };
}
