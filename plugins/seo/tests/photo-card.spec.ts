/**
 * 報告記事（写真のあるブログ記事）の SNS カードは最初の写真から作る（issue 25 の 7）。写真の記事を足した
 * サイトの複製（plugins/images/tests/report-site.ts、写真のテストと同じビルド）で確かめる。
 */
import path from 'node:path';
import {expect, test, type Page} from '@playwright/test';
import {load} from 'cheerio';
import sharp, {type Sharp, type Stats} from 'sharp';
import {photoReportDir, photoReportRoute} from '../../../lib/photos';
import {siteUrl} from '../../../src/constants/site';
import {reportPhotos, reportSiteForSpec} from '../../images/tests/report-site';
import {CARD_HEIGHT, CARD_WIDTH} from '../card';

/** 同じビルドにある、写真のない記事。 */
const postWithoutPhotos = '/blog/2025/03/16/docs-site-launch';

const report = reportSiteForSpec();

type Social = {
  image: string;
  twitterImage: string;
  width: string;
  height: string;
  alt: string;
  twitterAlt: string;
};

/**
 * 配信した HTML（SNS が読むもの。JavaScript は動かさない）の og:image とその大きさ・説明。
 * ハイドレーションのあとは React Helmet が og:image をサイト共通の値に戻すので、画面の DOM は読まない。
 */
async function socialMeta(page: Page, route: string): Promise<Social> {
  const response = await page.request.get(`${report.site.baseURL}${route}`);
  expect(response.status()).toBe(200);
  const $ = load(await response.text());
  const content = (selector: string): string => $(selector).first().attr('content') ?? '';
  return {
    image: content('meta[property="og:image"]'),
    twitterImage: content('meta[name="twitter:image"]'),
    width: content('meta[property="og:image:width"]'),
    height: content('meta[property="og:image:height"]'),
    alt: content('meta[property="og:image:alt"]'),
    twitterAlt: content('meta[name="twitter:image:alt"]'),
  };
}

async function fetchCard(page: Page, url: string): Promise<Buffer> {
  expect(url.startsWith(`${siteUrl}/img/og/`), url).toBe(true);
  const response = await page.request.get(`${report.site.baseURL}${url.slice(siteUrl.length)}`);
  expect(response.status()).toBe(200);
  return response.body();
}

/**
 * ページの og:image が img/og/<ルート>.<extension> を指し、twitter:image も同じで、大きさの meta と
 * 中身が 1200×630、説明が twitter:image:alt にもあること。カードの画像と meta を返す。
 */
async function pageCard(page: Page, route: string, extension: 'jpg' | 'png') {
  const social = await socialMeta(page, route);
  expect(social.image).toBe(`${siteUrl}/img/og${route}.${extension}`);
  expect(social.twitterImage).toBe(social.image);
  expect([social.width, social.height]).toEqual([`${CARD_WIDTH}`, `${CARD_HEIGHT}`]);
  expect(social.twitterAlt).toBe(social.alt);
  const card = await fetchCard(page, social.image);
  const meta = await sharp(card).metadata();
  expect({format: meta.format, width: meta.width, height: meta.height}).toEqual({
    format: extension === 'jpg' ? 'jpeg' : 'png',
    width: CARD_WIDTH,
    height: CARD_HEIGHT,
  });
  return {social, card, meta};
}

/** 横 1 列ごとの明るさを、y0〜y1 の行で平均したもの（48 区間）。 */
async function columnProfile(image: Sharp, y0: number, y1: number): Promise<number[]> {
  const {data, info} = await image
    .extract({left: 0, top: y0, width: CARD_WIDTH, height: y1 - y0})
    .resize(48, 1, {fit: 'fill', kernel: 'linear'})
    .greyscale()
    .raw()
    .toBuffer({resolveWithObject: true});
  return Array.from({length: info.width}, (_, x) => data[x * info.channels] as number);
}

/** 題のカードの上の帯（字のない行）の色のばらつきの上限。写真のカードはこれを超える。 */
const titleCardStdev = 12;

/** stats() は元の画像を読むので、切り出した帯を一度書き出してから測る。 */
const stripStats = async (card: Buffer): Promise<Stats> =>
  sharp(
    await sharp(card).extract({left: 0, top: 120, width: CARD_WIDTH, height: 80}).toBuffer(),
  ).stats();

function correlation(a: readonly number[], b: readonly number[]): number {
  const mean = (values: readonly number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;
  const [ma, mb] = [mean(a), mean(b)];
  let [ab, aa, bb] = [0, 0, 0];
  a.forEach((value, index) => {
    const [da, db] = [value - ma, (b[index] as number) - mb];
    ab += da * db;
    aa += da * da;
    bb += db * db;
  });
  return aa === 0 || bb === 0 ? 0 : ab / Math.sqrt(aa * bb);
}

/**
 * カードの上の帯（見出しと題のあいだ、字のない行）が、写真を幅 1200 に縮めたときのどこかの行の並びと
 * 一致するか（切り抜く位置は sharp が決めるので、縦の位置はすべて試す）。
 */
async function bestMatchWithPhoto(card: Buffer, photoFile: string): Promise<number> {
  const [y0, y1] = [120, 200];
  const cardProfile = await columnProfile(sharp(card), y0, y1);
  const scaled = await sharp(photoFile).rotate().resize({width: CARD_WIDTH}).toBuffer();
  const {height = 0} = await sharp(scaled).metadata();
  let best = -1;
  for (let offset = 0; offset + CARD_HEIGHT <= height; offset += 6) {
    const profile = await columnProfile(sharp(scaled), offset + y0, offset + y1);
    best = Math.max(best, correlation(cardProfile, profile));
  }
  return best;
}

test('報告記事のカードは最初の写真から作る（1200×630 の JPEG、メタデータなし、写真の説明つき）', async ({
  page,
}) => {
  const {social, card, meta} = await pageCard(page, photoReportRoute, 'jpg');
  expect(social.alt).toContain('参加者の様子 1');
  expect(social.alt).toContain('秋の電鬼 写真の報告');
  expect({exif: meta.exif, xmp: meta.xmp, iptc: meta.iptc, icc: meta.icc}).toEqual({
    exif: undefined,
    xmp: undefined,
    iptc: undefined,
    icc: undefined,
  });
  expect(card.includes('Exif'), 'EXIF の印').toBe(false);
  expect(card.includes('iPhone'), '機種の名前').toBe(false);

  // 題のカードの淡い地と違い、上の帯に写真の色と明暗がある。
  const top = await stripStats(card);
  expect(Math.max(...top.channels.map(({stdev}) => stdev))).toBeGreaterThan(titleCardStdev);
  // 写っているのは最初の写真（2 枚目ではない）。
  const photoFile = (file: string) => path.join(report.site.copy.dir, photoReportDir, file);
  const [first, second] = reportPhotos;
  expect(await bestMatchWithPhoto(card, photoFile(first?.file ?? ''))).toBeGreaterThan(0.9);
  expect(await bestMatchWithPhoto(card, photoFile(second?.file ?? ''))).toBeLessThan(0.9);
});

test('写真のない記事は、題だけのカード（PNG）のまま', async ({page}) => {
  const {social, card} = await pageCard(page, postWithoutPhotos, 'png');
  expect(social.alt).toContain('電鬼の公式ドキュメントサイトを公開しました');
  // 題のカードの地は淡い一色に近い。
  const top = await stripStats(card);
  expect(Math.max(...top.channels.map(({stdev}) => stdev))).toBeLessThan(titleCardStdev);
});
