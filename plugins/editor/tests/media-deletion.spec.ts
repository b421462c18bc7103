/**
 * 写真を消すのも、記事の中でだけ（issue 60）。エディターに組むのと同じ書き換え（decap-patches.ts）を当てた Decap の
 * deleteMedia（メディアライブラリーの「削除」と、同じ名前の写真を置き換えるときに呼ばれる）を、Decap の中の
 * 関数の代わりを渡して動かす。既定のブランチ（main）に直接コミットする backend.deleteMedia は、どの道からも呼ばない。
 * 画面にその道は無い（全体のメディアライブラリーは admin.tsx で外している）ので、ブラウザーは使わない。
 * 費用: 1 秒かからない。
 */
import {readFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';
import {expect, test} from '@playwright/test';
import {patchedDecapFile} from '../decap-patches';

type Action = {readonly type: string; readonly [key: string]: unknown};
type MediaFile = {readonly id: string; readonly path: string; readonly draft?: boolean};
type DeleteMedia = (
  file: MediaFile,
) => (dispatch: (action: Action) => Action, getState: () => unknown) => Promise<unknown>;

/** 書き換えを当てた actions/mediaLibrary.js の deleteMedia。Decap の中の関数は、記録するだけの代わりにする。 */
function patchedDeleteMedia(backendCalls: string[]): DeleteMedia {
  const app = path.dirname(createRequire(__filename).resolve('decap-cms-app/package.json'));
  const file = path.join(app, 'node_modules/decap-cms-core/dist/esm/actions/mediaLibrary.js');
  const code = patchedDecapFile(
    'decap-cms-core',
    'actions/mediaLibrary.js',
    readFileSync(file, 'utf8'),
  );
  const source = /\nexport function deleteMedia\([\s\S]*?\n\}\n/.exec(code ?? '')?.[0];
  expect(source, 'deleteMedia').toBeDefined();
  const action =
    (type: string) =>
    (payload?: unknown): Action => ({type, payload});
  const helpers = {
    currentBackend: () => ({
      deleteMedia: async (_config: unknown, filePath: string) => {
        backendCalls.push(filePath);
      },
    }),
    selectIntegration: () => undefined,
    getIntegrationProvider: () => undefined,
    selectEditingDraft: () => true,
    mediaDeleting: action('MEDIA_DELETE_REQUEST'),
    mediaDeleted: action('MEDIA_DELETE_SUCCESS'),
    mediaDeleteFailed: action('MEDIA_DELETE_FAILURE'),
    removeAsset: action('REMOVE_ASSET'),
    removeDraftEntryMediaFile: action('REMOVE_DRAFT_ENTRY_MEDIA_FILE'),
    addNotification: (notification: unknown): Action => ({type: 'NOTIFICATION', notification}),
  };
  const make = new Function(
    ...Object.keys(helpers),
    `${(source ?? '').replace('export function', 'return function')}`,
  ) as (...args: unknown[]) => DeleteMedia;
  return make(...Object.values(helpers));
}

async function run(file: MediaFile): Promise<{actions: Action[]; backendCalls: string[]}> {
  const backendCalls: string[] = [];
  const actions: Action[] = [];
  const dispatch = (dispatched: Action): Action => {
    actions.push(dispatched);
    return dispatched;
  };
  // Decap は console.error にも書く。テストの出力には出さない。
  const error = console.error;
  console.error = () => undefined;
  try {
    await patchedDeleteMedia(backendCalls)(file)(dispatch, () => ({config: {}, entryDraft: {}}));
  } finally {
    console.error = error;
  }
  return {actions, backendCalls};
}

test('deleting a committed file (media library, or replacing a photo of the same name) never commits to main, and says why in Japanese', async () => {
  const {actions, backendCalls} = await run({
    id: 'c'.repeat(40),
    path: 'blog/2025-03-16-docs-site-launch/photo-1.jpg',
  });
  expect(backendCalls).toEqual([]);
  expect(actions.map((action) => action.type)).toContain('MEDIA_DELETE_FAILURE');
  expect(actions.map((action) => action.type)).not.toContain('MEDIA_DELETE_SUCCESS');
  const notification = actions.find((action) => action.type === 'NOTIFICATION');
  expect(JSON.stringify(notification)).toContain('記事の本文から写真を外して保存してください');
});

test('a photo added to the post and not saved yet is still taken out of the post (nothing is committed)', async () => {
  const {actions, backendCalls} = await run({
    id: 'draft-photo',
    path: 'blog/2026-11-27-shibuya-report/photo-2.jpg',
    draft: true,
  });
  expect(backendCalls).toEqual([]);
  expect(actions.map((action) => action.type)).toEqual([
    'REMOVE_ASSET',
    'REMOVE_DRAFT_ENTRY_MEDIA_FILE',
  ]);
});
