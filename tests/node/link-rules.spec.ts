/**
 * issue 52 の 6: エディターが読者に向けて出すリンクの決まり（ブラウザーを使わない。1 秒かからない）。
 * - お知らせバーのリンク先: このサイトのパスか https:// の URL だけ（src/constants/announcement-link.ts）。
 *   エディターの欄とビルドが同じ決まりを使う（ビルドのほうは tests/node/build-strictness.spec.ts）。
 * - 「プレビューを見る」: このプロジェクトの Firebase Hosting のプレビューチャンネルの URL だけ
 *   （src/constants/preview-channel.ts。Decap の getDeployPreview の書き換えは plugins/editor/decap-patches.ts で、
 *   本物のエディターに出ることは plugins/editor/tests/github-workflow.spec.ts が確かめる）。
 *   プレビューは本番とは別のプロジェクトにあり（issue 60 の 1）、本番のプロジェクトのチャンネルは受け入れない。
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {expect, test} from '@playwright/test';
import {parse} from 'yaml';
import {loadAnnouncement} from '../../lib/announcement';
import {editorConfig} from '../../plugins/editor/config';
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

const announcement = loadAnnouncement(path.resolve(__dirname, '../..'));

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
