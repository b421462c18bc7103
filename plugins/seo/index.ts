import {mkdir, readFile, writeFile} from 'node:fs/promises';
import {availableParallelism} from 'node:os';
import path from 'node:path';
import pMap from 'p-map';
import {listHtmlFiles} from '../../lib/html-files';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {registerStep} from '../build-state';
import {contentKey, fileCache} from '../cache';
import {firstPhotoIn, type FirstPhoto} from '../images/first-photo';
import {site} from '../../src/constants/site';
import {CARD_HEIGHT, CARD_WIDTH, cardVersion, renderCard, type CardInput} from './card';
import {
  cardFileFor,
  cardSection,
  decodeEntities,
  hasOwnCard,
  isBlogPost,
  pageTitle,
  replaceSocialImage,
  withSocialImageDetails,
  withoutOwnUrl,
} from './html';
import {photoCardOptions, renderPhotoCard} from './photo-card';

export function robotsTxt(siteUrl: string): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${siteUrl}/sitemap.xml\n`;
}

/**
 * 描いたカード。同じ題・見出し・ホスト・ロゴ（写真のカードは同じ写真）のカードは、次のビルドから描き直さない。
 * 写真の名前は写真の中身のハッシュなので、写真を差し替えればカードも描き直す。
 */
const cards = {
  png: fileCache('denki-social-cards', 'png'),
  jpg: fileCache('denki-social-cards', 'jpg'),
};

type Card = {readonly data: Buffer; readonly extension: 'png' | 'jpg'; readonly alt: string};

async function cached(
  extension: Card['extension'],
  key: unknown,
  render: () => Promise<Buffer>,
): Promise<Buffer> {
  const name = contentKey(key);
  const hit = cards[extension].read(name);
  if (hit) return hit;
  const data = await render();
  cards[extension].write(name, data);
  return data;
}

/** 写真のある記事は最初の写真から、ほかのページは題だけのカード。 */
async function cardFor(input: CardInput, photo: FirstPhoto | undefined): Promise<Card> {
  const where = input.section.includes(site.title)
    ? input.section
    : `${site.title} ${input.section}`;
  const named = input.title === site.title ? where : `${where}「${input.title}」`;
  if (!photo) {
    const data = await cached('png', {cardVersion, ...input}, () => renderCard(input));
    return {data, extension: 'png', alt: named};
  }
  const key = {cardVersion, ...input, photo: photo.name, photoCardOptions};
  const data = await cached('jpg', key, () => renderPhotoCard(input, photo));
  const alt = decodeEntities(photo.altHtml).trim();
  return {data, extension: 'jpg', alt: alt ? `${alt}（${named}）` : named};
}

/**
 * ページごとの SNS カード画像を描き、og:image と twitter:image をその画像に差し替え、大きさと説明を足す
 * （hasOwnCard のページ）。
 */
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
      const photo = isBlogPost(file) ? firstPhotoIn(html) : undefined;
      const card = await cardFor({title, section: cardSection(file), host, logoSvg}, photo);
      const cardFile = cardFileFor(file, card.extension);
      await mkdir(path.dirname(path.join(outDir, cardFile)), {recursive: true});
      await writeFile(path.join(outDir, cardFile), card.data);
      const withCard = replaceSocialImage(html, `${siteUrl}/${cardFile}`);
      await writeFile(
        htmlPath,
        withSocialImageDetails(withCard, {width: CARD_WIDTH, height: CARD_HEIGHT, alt: card.alt}),
      );
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
