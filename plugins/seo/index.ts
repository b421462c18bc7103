import {mkdir, readFile, writeFile} from 'node:fs/promises';
import {availableParallelism} from 'node:os';
import path from 'node:path';
import pMap from 'p-map';
import {listHtmlFiles} from '../../lib/html-files';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {registerStep} from '../build-state';
import {contentKey, fileCache, sourceKey} from '../cache';
import {firstPhotoIn, type FirstPhoto} from '../images/first-photo';
import {site} from '../../src/constants/site';
import {CARD_HEIGHT, CARD_WIDTH, renderCard, type CardInput} from './card';
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
import {renderPhotoCard} from './photo-card';

export function robotsTxt(siteUrl: string): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${siteUrl}/sitemap.xml\n`;
}

/**
 * 描いたカード。同じ題・見出し・ホスト・ロゴ（写真のカードは同じ写真）のカードは、次のビルドから描き直さない。
 * 写真の名前は写真の中身のハッシュなので、写真を差し替えればカードも描き直す。
 * 写真のカードは写真から作るものなので、写真の変換結果と同じキャッシュ（denki-photos）に置く。報告が 1,000 本
 * あると描くのに 2 コアで 1 分かかるが、写真の変換と同じく、その報告を足した最初のビルドだけが払う。
 */
const cards = {
  png: fileCache('denki-social-cards', 'png'),
  jpg: fileCache('denki-photos', 'og.jpg'),
};

/** ページのカード: HTML に書く情報（画像の形式と説明）と、画像を描く関数（描くのは HTML を書き換えたあと）。 */
type Card = {
  readonly extension: 'png' | 'jpg';
  readonly alt: string;
  readonly render: () => Promise<Buffer>;
};

/** 描き方: 描くファイルの中身。配置や色や形式を変えれば、キャッシュの古いカードは使わない。 */
const cardDesign = sourceKey(
  path.join(__dirname, 'card.ts'),
  path.join(__dirname, 'photo-card.ts'),
);

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
function cardFor(input: CardInput, photo: FirstPhoto | undefined): Card {
  const where = input.section.includes(site.title)
    ? input.section
    : `${site.title} ${input.section}`;
  const named = input.title === site.title ? where : `${where}「${input.title}」`;
  if (!photo) {
    const render = (): Promise<Buffer> =>
      cached('png', {cardDesign, ...input}, () => renderCard(input));
    return {extension: 'png', alt: named, render};
  }
  const key = {cardDesign, ...input, photo: photo.name};
  const render = (): Promise<Buffer> => cached('jpg', key, () => renderPhotoCard(input, photo));
  const alt = decodeEntities(photo.altHtml).trim();
  return {extension: 'jpg', alt: alt ? `${alt}（${named}）` : named, render};
}

/** HTML の読み書きは I/O を待つので、CPU の数より多く同時に行う。 */
const htmlConcurrency = 8;

/** 描くカード（outDir からの相対パスと、描く関数）。 */
type PendingCard = {readonly file: string; readonly render: Card['render']};

/**
 * hasOwnCard のページの og:image と twitter:image をそのページのカードに差し替え、大きさと説明を足す。
 * 画像はまだ描かず、描くカードの一覧を返す。
 */
async function pointPagesAtCards(
  outDir: string,
  siteUrl: string,
  logoSvg: string,
): Promise<PendingCard[]> {
  const host = new URL(siteUrl).host;
  const pages = (await listHtmlFiles(outDir)).filter(
    (file) => file !== '404.html' && hasOwnCard(file),
  );
  const pending = await pMap(
    pages,
    async (file): Promise<PendingCard | undefined> => {
      const htmlPath = path.join(outDir, file);
      const html = await readFile(htmlPath, 'utf8');
      // 旧 URL の転送ページ（plugins/redirects）や 404 は共有されないので、サイト共通のカードのままにする。
      if (!html.includes('property="og:image"') && !html.includes('property=og:image')) return;
      const title = pageTitle(html);
      if (!title) return;
      const photo = isBlogPost(file) ? firstPhotoIn(html) : undefined;
      const card = cardFor({title, section: cardSection(file), host, logoSvg}, photo);
      const cardFile = cardFileFor(file, card.extension);
      const withCard = replaceSocialImage(html, `${siteUrl}/${cardFile}`);
      await writeFile(
        htmlPath,
        withSocialImageDetails(withCard, {width: CARD_WIDTH, height: CARD_HEIGHT, alt: card.alt}),
      );
      return {file: cardFile, render: card.render};
    },
    {concurrency: htmlConcurrency},
  );
  return pending.filter((card) => card !== undefined);
}

/**
 * カードの画像を描いて置く。resvg と sharp は libuv のスレッドで動くので、CPU の数より 1 枚多く同時に描く。
 */
async function drawCards(outDir: string, pending: readonly PendingCard[]): Promise<void> {
  await pMap(
    pending,
    async ({file, render}) => {
      const data = await render();
      await mkdir(path.dirname(path.join(outDir, file)), {recursive: true});
      await writeFile(path.join(outDir, file), data);
    },
    {concurrency: availableParallelism() + 1},
  );
}

/** 404 ページから、ビルド時のパス（/404.html）を自分の URL として述べる要素を除く。 */
async function dropNotFoundOwnUrl(outDir: string): Promise<void> {
  const file = path.join(outDir, '404.html');
  await writeFile(file, withoutOwnUrl(await readFile(file, 'utf8')));
}

export default function seoPlugin(context: LoadContext): Plugin {
  const siteUrl = context.siteConfig.url.replace(/\/+$/, '');
  const htmlStep = registerStep('socialHtmlWritten');
  const cardsStep = registerStep('socialCardsWritten');
  return {
    name: 'denki-seo',
    /**
     * HTML を先に書き換え（socialHtmlWritten: 検索の索引と写真の段はこれを待つ）、画像はそのあと、索引や写真の
     * コピーと並行に描く（写真の報告が 1,000 本あると、カードを描くのに 2 コアで 1 分以上かかる）。
     */
    async postBuild({outDir}) {
      await writeFile(path.join(outDir, 'robots.txt'), robotsTxt(siteUrl));
      await cardsStep(async () => {
        const pending = await htmlStep(async () => {
          const logoSvg = await readFile(path.join(context.siteDir, 'static/img/logo.svg'), 'utf8');
          const cardsToDraw = await pointPagesAtCards(outDir, siteUrl, logoSvg);
          await dropNotFoundOwnUrl(outDir);
          return cardsToDraw;
        });
        await drawCards(outDir, pending);
      });
    },
  };
}
