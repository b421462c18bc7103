/**
 * Decap CMS の中身を、組むときに数か所だけ書き換える。どれも書き換える前の文がファイルに 1 度だけあることを
 * 確かめ、違えば（Decap が変わったら）組むのを止める。書き換えるファイルがバンドルに無くても止める。
 */
import {readFile} from 'node:fs/promises';
import path from 'node:path';
import type {Plugin} from 'esbuild';

type Patch = {
  /** decap-cms-core/dist/esm/ からのパス。 */
  readonly file: string;
  readonly original: string;
  readonly replacement: string;
};

export const patches: readonly Patch[] = [
  // Decap は読み込むときに設定を ajv で確かめ、ajv は確かめる関数を文字列から作る（eval）。/admin/ の CSP は
  // 読者のページと同じく eval を許さないので、その確かめだけを外す。設定はビルドがサイトの定数から作るもので、
  // エディターの e2e が読み込んで使う。
  {
    file: 'constants/configSchema.js',
    original: 'export function validateConfig(config) {\n  const ajv = new AJV({',
    replacement:
      'export function validateConfig() {}\nfunction validateConfigWithAjv(config) {\n  const ajv = new AJV({',
  },
  // 記事を開くと、Decap は端末の控え（保存せずに離れた記事）の読み出しと、記事の読み込み（新しい記事なら空の
  // 記事づくり）を同時に始める。控えを先に読み終えて書き手が「利用する」を選ぶと、あとから終わった読み込みが
  // 欄を空の記事や保存済みの記事で上書きし、戻したはずの文が消える。読み込みが終わってから控えを読む。
  {
    file: 'components/Editor/Editor.js',
    original: [
      '    retrieveLocalBackup(collection, slug);',
      '    if (newEntry) {',
      '      createEmptyDraft(collection, this.props.location.search);',
      '    } else {',
      '      loadEntry(collection, slug);',
      '    }',
    ].join('\n'),
    replacement: [
      '    const draftLoaded = newEntry',
      '      ? createEmptyDraft(collection, this.props.location.search)',
      '      : loadEntry(collection, slug);',
      '    Promise.resolve(draftLoaded).then(() => retrieveLocalBackup(collection, slug));',
    ].join('\n'),
  },
  // 編集の流れ（editorial_workflow）で新しい記事を初めて保存すると、Decap は保存と同時に「保存した記事の一覧」を
  // 読み始める。保存のあとで一覧が届くと、その一覧（保存の前の、この記事の無いもの）が保存した記事を消し、
  // 記事の画面から「ステータス」と「公開」が消える（decap-server で 3 回に 1 回ほど）。一覧を読み終えてから保存する。
  {
    file: 'actions/editorialWorkflow.js',
    original:
      '    dispatch(unpublishedEntriesLoading());\n    backend.unpublishedEntries(collections).then(',
    replacement:
      '    dispatch(unpublishedEntriesLoading());\n    return backend.unpublishedEntries(collections).then(',
  },
  {
    file: 'actions/editorialWorkflow.js',
    original: '    !entriesLoaded && dispatch(loadUnpublishedEntries(state.collections));',
    replacement:
      '    if (!entriesLoaded) await dispatch(loadUnpublishedEntries(state.collections));',
  },
  // 「プレビューを見る」は、記事のコミットの「プレビュー」の状態（commit status）のリンクを開く。状態はリポジトリーに
  // 書ける人なら誰でも、どの URL でも付けられるので、このプロジェクトのプレビューチャンネルの URL のときだけ見せる
  // （src/constants/preview-channel.ts。ほかの URL なら、状態が無いときと同じ「プレビューを確かめる」のまま）。
  {
    file: 'backend.js',
    original: "import attempt from 'lodash/attempt';\n",
    replacement: `import attempt from 'lodash/attempt';\nimport { isPreviewChannelUrl as denkiIsPreviewChannelUrl } from ${JSON.stringify(
      path.resolve(__dirname, '../../src/constants/preview-channel.ts'),
    )};\n`,
  },
  {
    file: 'backend.js',
    original: [
      '    if (!deployPreview) {',
      '      return;',
      '    }',
      '    return {',
      '      /**',
      '       * Create a URL using the collection `preview_path`, if provided.',
    ].join('\n'),
    replacement: [
      '    if (!deployPreview || !denkiIsPreviewChannelUrl(String(deployPreview.url))) {',
      '      return;',
      '    }',
      '    return {',
      '      /**',
      '       * Create a URL using the collection `preview_path`, if provided.',
    ].join('\n'),
  },
];

const coreDir = /decap-cms-core[\\/]dist[\\/]esm[\\/](.+)$/;

export function patchDecap(): Plugin {
  const applied = new Set<Patch>();
  return {
    name: 'denki-decap-patches',
    setup(build) {
      build.onStart(() => applied.clear());
      build.onLoad({filter: coreDir}, async ({path}) => {
        const file = coreDir.exec(path)?.[1]?.split('\\').join('/');
        const filePatches = patches.filter((patch) => patch.file === file);
        if (filePatches.length === 0) return undefined;
        let code = await readFile(path, 'utf8');
        for (const patch of filePatches) {
          if (code.split(patch.original).length !== 2) {
            throw new Error(
              `${path} が確かめた形と違います。Decap CMS が変わったので、plugins/editor/decap-patches.ts を見直してください。`,
            );
          }
          code = code.replace(patch.original, patch.replacement);
          applied.add(patch);
        }
        return {contents: code, loader: 'jsx'};
      });
      build.onEnd((result) => {
        const missing = patches.filter((patch) => !applied.has(patch));
        if (result.errors.length === 0 && missing.length > 0) {
          throw new Error(
            `decap-cms-core の ${[...new Set(missing.map((patch) => patch.file))].join('、')} がバンドルにありません。plugins/editor/decap-patches.ts を見直してください。`,
          );
        }
      });
    },
  };
}
