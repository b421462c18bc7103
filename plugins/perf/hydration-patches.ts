import path from 'node:path';

/**
 * ハイドレーションを短いタスクに分けるための、依存のソースの置き換え（issue 55）。どれも
 * checked-replace-loader.cjs が元の文字列を確かめ、見つからなければビルドを止める。
 *
 * Docusaurus はハイドレーションを startTransition で始めるので、React はその描画を 5 ms ごとに区切る。
 * ところが、そのあとの effect での setState は既定の優先度で、区切らずに一度に描き切る。しかも文脈（context）が
 * 変わると、まだハイドレーションしていない <Suspense> の中身（src/components/HydrateLater: 本文、サイドバー、
 * 目次、フッター）まで、その優先度で一度にハイドレーションする。だから effect での更新を transition にする。
 * 同じ描画を区切って行い、その間に来たタップに先に答える。
 */
const loader = path.join(__dirname, 'checked-replace-loader.cjs');

type Replacement = {readonly from: string; readonly to: string; readonly count?: number};

type TransitionPatch = {
  /** node_modules/@docusaurus/ の下のファイル。 */
  readonly file: string;
  /** React を読む import の行（startTransition を足す）。 */
  readonly reactImport: string;
  /** effect の中で transition にする setState の呼び出し（文の形）と、その現れる回数。 */
  readonly calls: readonly (readonly [call: string, count: number])[];
  readonly why: string;
};

const transitionPatches: readonly TransitionPatch[] = [
  {
    file: 'theme-common/lib/hooks/useWindowSize.js',
    reactImport: "import { useEffect, useState } from 'react';",
    calls: [['setWindowSize(getWindowSize(desktopBreakpoint));', 1]],
    why: "画面の幅が 'ssr' から 'mobile' になると、モバイルのメニューを描き、デスクトップのサイドバーと目次を外す",
  },
  {
    file: 'core/lib/client/browserContext.js',
    reactImport: "import React, { useEffect, useState } from 'react';",
    calls: [['setIsBrowser(true);', 1]],
    why: 'useIsBrowser() が true になると、それを読むすべての部品を描き直す',
  },
  {
    file: 'theme-common/lib/contexts/navbarSecondaryMenu/content.js',
    reactImport: "import React, { useState, useContext, useEffect, } from 'react';",
    calls: [['setContent({ component, props: memoizedProps });', 1]],
    why: 'モバイルのメニューにドキュメントのサイドバーを入れる',
  },
  {
    file: 'theme-common/lib/contexts/navbarSecondaryMenu/display.js',
    reactImport:
      "import React, { useState, useContext, useEffect, useMemo, useCallback, } from 'react';",
    calls: [['setShown(true);', 2]],
    why: 'モバイルのメニューでサイドバーの面を出す',
  },
  {
    file: 'theme-common/lib/contexts/colorMode.js',
    reactImport:
      "import React, { useState, useCallback, useEffect, useContext, useMemo, } from 'react';",
    calls: [
      ['setColorModeState(ColorModeAttribute.get());', 1],
      ['setColorModeChoiceState(ColorModeChoiceAttribute.get());', 1],
    ],
    why: '色のモードの選択（サーバーでは null）を読むと文脈が変わり、すべての <Suspense> の中身をハイドレーションする',
  },
  {
    file: 'theme-common/lib/contexts/announcementBar.js',
    reactImport:
      "import React, { useState, useEffect, useCallback, useMemo, useContext, } from 'react';",
    calls: [
      ['setClosed(isDismissedInStorage());', 1],
      ['setClosed(false);', 1],
    ],
    why: '閉じたお知らせを端末から読むと文脈が変わる',
  },
  {
    file: 'plugin-content-docs/lib/client/docsPreferredVersion.js',
    reactImport:
      "import React, { useContext, useEffect, useMemo, useState, useCallback, } from 'react';",
    calls: [['setState(readStorageState({ allDocsData, versionPersistence, pluginIds }));', 1]],
    why: '保存した版を端末から読むと（新しいオブジェクトなので）文脈が変わる',
  },
];

const fileTest = (file: string): RegExp =>
  new RegExp(
    `[\\\\/]@docusaurus[\\\\/]${file
      .split('/')
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('[\\\\/]')}$`,
  );

function replacements({reactImport, calls}: TransitionPatch): Replacement[] {
  return [
    {from: reactImport, to: reactImport.replace('{ ', '{ startTransition, ')},
    ...calls.map(([call, count]) => ({
      from: call,
      to: `startTransition(() => ${call.replace(/;$/, '')});`,
      count,
    })),
  ];
}

/**
 * 静的な HTML で、<Suspense> の中身をその場に書く。React 19 は大きい（既定で 12,800 バイトを超える）中身を、
 * ページの末尾の隠した要素と、それを動かすインラインのスクリプトに分けて書く（ストリーミングでの段階的な表示のため）。
 * Docusaurus はすべてを待ってから書くので分ける利点は無く、本文が HTML の末尾に回り、CSP で止まるスクリプトに頼る。
 */
const inlineSuspenseContent = {
  file: 'core/lib/client/renderToHtml.js',
  replacements: [
    {
      from: 'const { pipe } = renderToPipeableStream(app, {',
      to: 'const { pipe } = renderToPipeableStream(app, {\n            progressiveChunkSize: Number.POSITIVE_INFINITY,',
    },
  ],
  why: '<Suspense> の中身を HTML のその場に書く',
};

const rule = (file: string, list: readonly Replacement[], why: string) => ({
  test: fileTest(file),
  use: [
    {loader, options: {replacements: list, reason: `${why}（plugins/perf/hydration-patches.ts）`}},
  ],
});

/** クライアントとサーバーの両方のビルドに足す、モジュールの規則。 */
export const hydrationPatchRules = [
  ...transitionPatches.map((patch) => rule(patch.file, replacements(patch), patch.why)),
  rule(inlineSuspenseContent.file, inlineSuspenseContent.replacements, inlineSuspenseContent.why),
];

/** テストが確かめる、置き換えるファイル（node_modules/@docusaurus/ からの道）。 */
export const patchedFiles = [
  ...transitionPatches.map((patch) => patch.file),
  inlineSuspenseContent.file,
];
