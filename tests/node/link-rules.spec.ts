/**
 * issue 52 の 6: エディターが読者に向けて出すリンクの決まり（ブラウザーを使わない。1 秒かからない）。
 * - お知らせバーのリンク先: このサイトのパスか https:// の URL だけ（src/constants/announcement-link.ts）。
 *   エディターの欄とビルドが同じ決まりを使う（ビルドのほうは tests/node/build-strictness.spec.ts）。
 * - 「プレビューを見る」: このプロジェクトの Firebase Hosting のプレビューチャンネルの URL だけ
 *   （src/constants/preview-channel.ts。Decap の getDeployPreview の書き換えは plugins/editor/decap-patches.ts で、
 *   本物のエディターに出ることは plugins/editor/tests/github-workflow.spec.ts が確かめる）。
 */
import {readFileSync} from 'node:fs';
import {expect, test} from '@playwright/test';
import {parse} from 'yaml';
import {editorConfig} from '../../plugins/editor/config';
import {
  announcementLinkMessage,
  announcementLinkPattern,
  isAnnouncementLink,
} from '../../src/constants/announcement-link';
import {firebaseProjectId, isPreviewChannelUrl} from '../../src/constants/preview-channel';
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

test('「プレビューを見る」は、このプロジェクトのプレビューチャンネルの URL のときだけ出し、ほかのホストには出さない', () => {
  const channel = `https://${firebaseProjectId}--pr42-cms-blog-2026-11-27-x-ab12cd34.web.app`;
  expect(isPreviewChannelUrl(channel)).toBe(true);
  expect(isPreviewChannelUrl(`${channel}/blog/2026/11/27/x`)).toBe(true);
  for (const url of [
    // 本番のサイト（チャンネルではない）と、ほかのプロジェクトのチャンネル
    `https://${firebaseProjectId}.web.app/`,
    'https://other-project--pr42-ab12cd34.web.app/',
    // 名前を似せたほかのホスト
    `https://${firebaseProjectId}--pr42-ab12cd34.web.app.x.example/`,
    `https://x.example/${firebaseProjectId}--pr42-ab12cd34.web.app`,
    `https://evil${firebaseProjectId}--pr42-ab12cd34.web.app/`,
    `https://${firebaseProjectId}--pr42-ab12cd34.firebaseapp.example/`,
    // https でない、利用者名・ポートつき、URL でない
    `http://${firebaseProjectId}--pr42-ab12cd34.web.app/`,
    `https://user@${firebaseProjectId}--pr42-ab12cd34.web.app/`,
    `https://${firebaseProjectId}--pr42-ab12cd34.web.app:8443/`,
    'javascript:alert(1)',
    '',
    'not a url',
  ]) {
    expect(isPreviewChannelUrl(url), url).toBe(false);
  }
});

test('プレビューチャンネルの決まりのプロジェクト ID は、ワークフローが出す先（FIREBASE_PROJECT の既定）と同じ', () => {
  const ci = parse(readFileSync('.github/workflows/ci.yml', 'utf8')) as {
    env: {FIREBASE_PROJECT: string};
  };
  expect(ci.env.FIREBASE_PROJECT).toBe(`\${{ vars.FIREBASE_PROJECT || '${firebaseProjectId}' }}`);
});
