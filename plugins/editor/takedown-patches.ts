/**
 * 取り下げと写真の削除を、記事のブランチとプルリクエストにする Decap の書き換え（issue 66。中身は
 * client/takedown.ts）。Decap は「公開エントリを削除」と「未公開」（公開を取り消す）で main に直接コミットし、
 * main のルールセットに英語の誤りで断られていた。どちらも main に届かないようにする:
 * - 「公開エントリを削除」（この設定では「この記事を取り下げる」）は、記事のファイルを消すプルリクエストを
 *   「公開待ち」で作り、その記事をそのまま開く。CI が通ってから「公開」で取り込む。
 * - 「未公開」は画面から外し、呼ばれても断る。
 * - GitHub の API の main への書き込み（deleteFiles、refs/heads/main の付け替え）は、どの道から呼ばれても断る。
 * - 保存すると、本文から外した写真を同じ保存のコミットで消す。
 * 書き換えの決まり（前の文が 1 度だけあること）は decap-patches.ts と同じ。
 */
import path from 'node:path';

const importTakedown = `import * as denkiTakedown from ${JSON.stringify(path.join(__dirname, 'client/takedown.ts'))};`;
const importNotice = `import { takedownNotice as denkiTakedownNotice, isTakedown as denkiIsTakedown, takedownSaveRefused as denkiTakedownSaveRefused } from ${JSON.stringify(
  path.join(__dirname, 'client/TakedownNotice.tsx'),
)};`;

/** main に直接書こうとしたときの誤り（ここに来る道は画面に無い。来たら、何も書かずに止める）。 */
const mainRefused = JSON.stringify(
  'サイトのリポジトリーの main には、エディターから直接書き込みません。記事の変更は、保存してから「公開」で取り込みます。',
);
const unpublishRemoved = JSON.stringify(
  '公開を取り消すときは、記事の「この記事を取り下げる」を使ってください。',
);

/** decap-patches.ts の Patch と同じ形（そちらから読み込むと、読み込みが輪になる）。 */
type Patch = {
  readonly package?: 'decap-cms-backend-github';
  readonly file: string;
  readonly original: string;
  readonly replacement: string;
};

export const takedownPatches: readonly Patch[] = [
  {
    file: 'backend.js',
    original: "import sortBy from 'lodash/sortBy';",
    replacement: `import sortBy from 'lodash/sortBy';\n${importTakedown}\n${importNotice}`,
  },
  // 「公開エントリを削除」: main で消さず、記事のファイルを消すプルリクエストを作る。
  {
    file: 'backend.js',
    original: '    await this.implementation.deleteFiles(paths, commitMessage);\n',
    replacement: [
      '    await denkiTakedown.takeDown(this.implementation, {',
      "      collection: collection.get('name'),",
      '      slug,',
      '      paths,',
      '      commitMessage',
      '    });',
      '',
    ].join('\n'),
  },
  // 取り下げのプルリクエストを開いたとき: 消した写真は読み込まず（中身が無い）、記事に取り下げの印を付ける。
  {
    file: 'backend.js',
    original:
      '      const nonDataFiles = entryData.diffs.filter(d => !d.path.endsWith(extension));',
    replacement:
      "      const nonDataFiles = entryData.diffs.filter(d => !d.path.endsWith(extension) && d.status !== 'removed');",
  },
  {
    file: 'backend.js',
    original: [
      '        status: entryData.status,',
      '        meta: {',
      '          path: prepareMetaPath(path, collection)',
      '        }',
    ].join('\n'),
    replacement: [
      '        status: entryData.status,',
      '        meta: {',
      '          path: prepareMetaPath(path, collection),',
      "          denkiTakedown: entryData.diffs.some(d => d.path === path && d.status === 'removed')",
      '        }',
    ].join('\n'),
  },
  // 取り下げを待つ記事は保存しない（保存すると、消すはずの記事のファイルがブランチに戻る）。
  {
    file: 'backend.js',
    original: "    const updatedEntity = await this.invokePreSaveEvent(draft.get('entry'));",
    replacement: [
      "    if (denkiIsTakedown(draft.get('entry'))) throw new Error(denkiTakedownSaveRefused);",
      "    const updatedEntity = await this.invokePreSaveEvent(draft.get('entry'));",
    ].join('\n'),
  },
  // 取り下げのプルリクエストを作ったら、記事の一覧へ移らず、その記事を「公開待ち」で開き直す。
  {
    file: 'actions/entries.js',
    original: "import { addNotification } from './notifications';",
    replacement:
      "import { addNotification } from './notifications';\nimport { loadUnpublishedEntry as denkiLoadUnpublishedEntry } from './editorialWorkflow';",
  },
  {
    file: 'actions/entries.js',
    original: [
      '    return backend.deleteEntry(state, collection, slug).then(() => {',
      '      return dispatch(entryDeleted(collection, slug));',
      '    }).catch(error => {',
    ].join('\n'),
    replacement: [
      '    return backend.deleteEntry(state, collection, slug).then(async () => {',
      "      dispatch(addNotification({ message: { key: 'ui.toast.denkiTakedownOpened' }, type: 'success', dismissAfter: 30000 }));",
      '      await dispatch(denkiLoadUnpublishedEntry(collection, slug));',
      '    }).catch(error => {',
    ].join('\n'),
  },
  {
    file: 'components/Editor/Editor.js',
    original: [
      '    setTimeout(async () => {',
      '      await deleteEntry(collection, slug);',
      '      this.deleteBackup();',
      "      return navigateToCollection(collection.get('name'));",
      '    }, 0);',
    ].join('\n'),
    replacement: [
      '    setTimeout(async () => {',
      '      try {',
      '        await deleteEntry(collection, slug);',
      '      } catch {',
      '        return;',
      '      }',
      '      this.deleteBackup();',
      '    }, 0);',
    ].join('\n'),
  },
  // 「未公開」（公開を取り消す）は、main で消してから記事のブランチを作り直す。画面から外し、呼ばれても断る。
  {
    file: 'components/Editor/EditorToolbar.js',
    original:
      "      children: [canDelete && canPublish && _jsx(DropdownItem, {\n        label: t('editor.editorToolbar.unpublish'),",
    replacement:
      "      children: [false && _jsx(DropdownItem, {\n        label: t('editor.editorToolbar.unpublish'),",
  },
  {
    file: 'actions/editorialWorkflow.js',
    original:
      '    return backend.deleteEntry(state, collection, slug).then(() => backend.persistEntry({',
    replacement: `    return Promise.reject(new Error(${unpublishRemoved})).then(() => backend.persistEntry({`,
  },
  // 取り下げの記事の知らせを、欄の上に出す。
  {
    file: 'components/Editor/EditorControlPane/EditorControlPane.js',
    original: "import memoize from 'lodash/memoize';",
    replacement: `import memoize from 'lodash/memoize';\n${importNotice}`,
  },
  {
    file: 'components/Editor/EditorControlPane/EditorControlPane.js',
    original:
      '    return _jsxs(ControlPaneContainer, {\n      children: [locales && _jsxs(LocaleRowWrapper, {',
    replacement:
      '    return _jsxs(ControlPaneContainer, {\n      children: [denkiTakedownNotice(entry), locales && _jsxs(LocaleRowWrapper, {',
  },
  // GitHub の API: main に直接書く道を、どこから呼ばれても断る。
  {
    package: 'decap-cms-backend-github',
    file: 'API.js',
    original: "import { dirname } from 'path';",
    replacement: `import { dirname } from 'path';\n${importTakedown}`,
  },
  {
    package: 'decap-cms-backend-github',
    file: 'API.js',
    original: '  async deleteFiles(paths, message) {\n    if (this.useOpenAuthoring) {',
    replacement: `  async deleteFiles() {\n    throw new Error(${mainRefused});\n  }\n  async denkiDeleteFilesOnMain(paths, message) {\n    if (this.useOpenAuthoring) {`,
  },
  {
    package: 'decap-cms-backend-github',
    file: 'API.js',
    original:
      '  async patchRef(type, name, sha, opts = {}) {\n    const force = opts.force || false;',
    replacement: `  async patchRef(type, name, sha, opts = {}) {\n    if (type === 'heads' && name === this.branch) throw new Error(${mainRefused});\n    const force = opts.force || false;`,
  },
  // 保存: 本文から外した写真（main の記事のフォルダーにあるもの）を、同じコミットで消す。
  {
    package: 'decap-cms-backend-github',
    file: 'API.js',
    original:
      '      const slug = dataFiles[0].slug;\n      return this.editorialWorkflowGit(files, slug, mediaFilesList, options);',
    replacement:
      '      const slug = dataFiles[0].slug;\n      const denkiRemoved = await denkiTakedown.removedPhotos(this, dataFiles, files);\n      return this.editorialWorkflowGit(files.concat(denkiRemoved), slug, mediaFilesList, options);',
  },
  {
    package: 'decap-cms-backend-github',
    file: 'API.js',
    original: '      const treeFiles = mediaFilesToRemove.concat(files);',
    replacement:
      '      const treeFiles = mediaFilesToRemove.filter(removed => !files.some(file => file.path === removed.path)).concat(files);',
  },
  // 記事のブランチの差分に、消したファイルの印（status）と、main での中身の id を持たせる。
  {
    package: 'decap-cms-backend-github',
    file: 'API.js',
    original: "      path: diff.filename,\n      newFile: diff.status === 'added',",
    replacement:
      "      path: diff.filename,\n      status: diff.status,\n      newFile: diff.status === 'added',",
  },
  {
    package: 'decap-cms-backend-github',
    file: 'API.js',
    original: [
      '      diffs: diffs.map(d => ({',
      '        path: d.path,',
      '        newFile: d.newFile,',
      '        id: d.sha',
      '      })),',
    ].join('\n'),
    replacement: '      diffs: await denkiTakedown.takedownDiffs(this, diffs),',
  },
];
