/**
 * ビルド後処理の待ち合わせ（plugins/build-state.ts）は、そのファイルが別々のモジュールとして読み込まれても
 * 1 つの状態を共有する。Docusaurus はパスで渡したプラグイン（plugins/offline/pwa.ts）を loadFreshModule で
 * 読み直すので、モジュールの変数だと Service Worker の組み立てが SNS カードと検索の索引を待たずに始まっていた。
 */
import {createRequire} from 'node:module';
import path from 'node:path';
import {expect, test} from '@playwright/test';
import type * as buildStateModule from '../../plugins/build-state';

type BuildStateModule = typeof buildStateModule;

/** 読み込み済みのものを使わず、もう 1 度モジュールとして読み込む（loadFreshModule と同じ）。 */
function loadFresh(): BuildStateModule {
  const require = createRequire(__filename);
  const file = require.resolve(path.resolve(__dirname, '../../plugins/build-state.ts'));
  require.cache[file] = undefined;
  return require(file) as BuildStateModule;
}

test('別々に読み込んだ build-state でも、登録した段階を待つ側は、その処理が終わるまで待つ', async () => {
  const registering = loadFresh();
  const waiting = loadFresh();
  expect(waiting).not.toBe(registering);
  const step = registering.registerStep('searchIndexWritten');
  const order: string[] = [];
  const waited = waiting.buildState.searchIndexWritten.then(() => order.push('待っていた側'));
  await step(async () => {
    await new Promise((resolve) => setImmediate(resolve));
    order.push('索引');
  });
  await waited;
  expect(order).toEqual(['索引', '待っていた側']);
});

test('段階の処理の結果は、その処理を呼んだ側に返る（SNS カードは HTML の段の結果で画像を描く）', async () => {
  const {registerStep, buildState} = loadFresh();
  const step = registerStep('socialHtmlWritten');
  const result = await step(async () => ['img/og/docs/intro.png']);
  expect(result).toEqual(['img/og/docs/intro.png']);
  await expect(buildState.socialHtmlWritten).resolves.toBeUndefined();
});
