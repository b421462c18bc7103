/**
 * issue 52 の 6: エディターが読者に向けて出すリンクの決まり（ブラウザーを使わない。1 秒かからない）。
 * - お知らせバーのリンク先: このサイトのパスか https:// の URL だけ（src/constants/announcement-link.ts）。
 *   エディターの欄とビルドが同じ決まりを使う（ビルドのほうは tests/node/build-strictness.spec.ts）。
 * - 「プレビューを見る」: このプロジェクトの Firebase Hosting のプレビューチャンネルの URL だけ
 *   （src/constants/preview-channel.ts。Decap の getDeployPreview の書き換えは plugins/editor/decap-patches.ts）。
 *   プレビューは本番とは別のプロジェクトにあり（issue 60 の 1）、本番のプロジェクトのチャンネルは受け入れない。
 */
import {readFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';
import {expect, test} from '@playwright/test';
import {parse} from 'yaml';
import {editorConfig} from '../../plugins/editor/config';
import {patches} from '../../plugins/editor/decap-patches';
import {
  announcementLinkMessage,
  announcementLinkPattern,
  isAnnouncementLink,
} from '../../src/constants/announcement-link';
import {
  isPreviewChannelUrl,
  liveProjectId,
  previewProjectId,
} from '../../src/constants/preview-channel';
import announcement from '../../src/data/announcement.json';

const refusedLinks = [
  '//x.example',
  '//x.example/blog',
  '/\\x.example',
  '/blog\\..\\x',
  'javascript:alert(1)',
  'JavaScript:alert(1)',
  'http://x.example/',
  'data:text/html,hi',
  'https://user@x.example/',
  'https://',
  'https:///x',
  'blog/2026/11/27/x',
  ' /blog',
  '/blog with space',
];
const acceptedLinks = [
  '/',
  '/blog/2026/11/27/shibuya-report',
  '/docs/intro#prepare',
  'https://example.com',
  'https://example.com/path?query=1#frag',
  'https://sub.example.co.jp:8443/x',
];

test('お知らせのリンク先は、// で始まるほかのサイト・javascript:・http: などを断り、このサイトのパスと https:// の URL を受け入れる', () => {
  for (const link of refusedLinks) expect(isAnnouncementLink(link), link).toBe(false);
  for (const link of acceptedLinks) expect(isAnnouncementLink(link), link).toBe(true);
  // いまのお知らせは決まりに合う。
  expect(isAnnouncementLink(announcement.link)).toBe(true);
});

test('エディターのお知らせのリンク先の欄は、同じ決まりと日本語の知らせで // や javascript: を断る（Decap の pattern）', () => {
  const site = editorConfig('.').collections.find((collection) => collection.name === 'site') as
    {files: {name: string; fields: {name: string; pattern?: [string, string]}[]}[]} | undefined;
  const link = site?.files
    .find((file) => file.name === 'announcement')
    ?.fields.find((field) => field.name === 'link');
  expect(link?.pattern).toEqual([announcementLinkPattern, announcementLinkMessage]);
  // Decap は pattern の最初の文字列を RegExp にして値を確かめる。
  const decapCheck = new RegExp(link?.pattern?.[0] ?? '');
  expect(decapCheck.test('//x.example')).toBe(false);
  expect(decapCheck.test('javascript:alert(1)')).toBe(false);
  expect(decapCheck.test('/blog/2026/11/27/shibuya-report')).toBe(true);
  expect(announcementLinkMessage).toMatch(/[ぁ-ん]/);
});

test('「プレビューを見る」は、プレビューのプロジェクトのチャンネルの URL のときだけ出し、本番のプロジェクトにもほかのホストにも出さない', () => {
  const channel = `https://${previewProjectId}--pr42-cms-blog-2026-11-27-x-ab12cd34.web.app`;
  expect(isPreviewChannelUrl(channel)).toBe(true);
  expect(isPreviewChannelUrl(`${channel}/blog/2026/11/27/x`)).toBe(true);
  expect(isPreviewChannelUrl(`https://${previewProjectId}--pr42-ab12cd34.web.app/`)).toBe(true);
  for (const url of [
    // 本番のプロジェクトのチャンネルと本番のサイト、プレビューのプロジェクトの live のサイト
    `https://${liveProjectId}--pr42-cms-blog-2026-11-27-x-ab12cd34.web.app`,
    `https://${liveProjectId}--pr42-ab12cd34.web.app/`,
    `https://${liveProjectId}.web.app/`,
    `https://${liveProjectId}-editor--pr42-ab12cd34.web.app/`,
    `https://${previewProjectId}.web.app/`,
    // ほかのプロジェクトのチャンネル
    'https://other-project--pr42-ab12cd34.web.app/',
    // 名前を似せたほかのホスト
    `https://${previewProjectId}--pr42-ab12cd34.web.app.x.example/`,
    `https://x.example/${previewProjectId}--pr42-ab12cd34.web.app`,
    `https://evil${previewProjectId}--pr42-ab12cd34.web.app/`,
    `https://${previewProjectId}-x--pr42-ab12cd34.web.app/`,
    `https://${previewProjectId}--pr42-ab12cd34.firebaseapp.example/`,
    // https でない、利用者名・ポートつき、URL でない
    `http://${previewProjectId}--pr42-ab12cd34.web.app/`,
    `https://user@${previewProjectId}--pr42-ab12cd34.web.app/`,
    `https://${previewProjectId}--pr42-ab12cd34.web.app:8443/`,
    'javascript:alert(1)',
    '',
    'not a url',
  ]) {
    expect(isPreviewChannelUrl(url), url).toBe(false);
  }
});

test('本番のプロジェクトはワークフローの本番の出し先（FIREBASE_PROJECT の既定）、プレビューのプロジェクトはプレビューのワークフローの出し先で、2 つは違う', () => {
  expect(previewProjectId).not.toBe(liveProjectId);
  const ci = parse(readFileSync('.github/workflows/ci.yml', 'utf8')) as {
    env: {FIREBASE_PROJECT: string};
  };
  expect(ci.env.FIREBASE_PROJECT).toBe(`\${{ vars.FIREBASE_PROJECT || '${liveProjectId}' }}`);
  const preview = parse(readFileSync('.github/workflows/preview.yml', 'utf8')) as {
    jobs: {preview: {env: {PREVIEW_PROJECT: string}}};
  };
  expect(preview.jobs.preview.env.PREVIEW_PROJECT).toBe(previewProjectId);
});

/** エディターに組むのと同じ書き換えを当てた、Decap の Backend の getDeployPreview（ほかのメソッドは使わない）。 */
function patchedGetDeployPreview(): (this: unknown, ...args: unknown[]) => Promise<unknown> {
  const app = path.dirname(createRequire(__filename).resolve('decap-cms-app/package.json'));
  const file = path.join(app, 'node_modules/decap-cms-core/dist/esm/backend.js');
  let code = readFileSync(file, 'utf8');
  const backendPatches = patches.filter((patch) => patch.file === 'backend.js');
  expect(backendPatches.length).toBeGreaterThan(0);
  for (const patch of backendPatches) {
    expect(code.split(patch.original), patch.original).toHaveLength(2);
    code = code.replace(patch.original, patch.replacement);
  }
  const method = /\n {2}async getDeployPreview\([\s\S]*?\n {2}\}\n/.exec(code)?.[0];
  expect(method, 'getDeployPreview').toBeDefined();
  expect(method).toContain('denkiIsPreviewChannelUrl');
  // 書き換えた import の名前（denkiIsPreviewChannelUrl）と、URL に記事のパスを足す関数を渡して、メソッドだけを作る。
  const make = new Function(
    'denkiIsPreviewChannelUrl',
    'previewUrlFormatter',
    `return class { ${method ?? ''} }.prototype.getDeployPreview;`,
  ) as (
    rule: typeof isPreviewChannelUrl,
    format: (url: string) => string,
  ) => (this: unknown, ...args: unknown[]) => Promise<unknown>;
  return make(isPreviewChannelUrl, (url) => url);
}

test('エディターに組んだ Decap は、コミットの「プレビュー」の状態の URL がプレビューチャンネルのときだけ「プレビューを見る」を出す（書き換えた getDeployPreview）', async () => {
  const getDeployPreview = patchedGetDeployPreview();
  const backendWith = (url: string) => ({
    config: {},
    implementation: {getDeployPreview: async () => ({url, status: 'success'})},
  });
  const collection = {get: () => 'blog'};
  const channel = `https://${previewProjectId}--pr42-cms-blog-x-ab12cd34.web.app`;
  expect(await getDeployPreview.call(backendWith(channel), collection, 'slug', {})).toEqual({
    url: channel,
    status: 'SUCCESS',
  });
  for (const url of [
    'https://x.example/',
    'javascript:alert(1)',
    '//x.example',
    `https://${liveProjectId}--pr42-cms-blog-x-ab12cd34.web.app`,
  ]) {
    expect(await getDeployPreview.call(backendWith(url), collection, 'slug', {}), url).toBe(
      undefined,
    );
  }
});
