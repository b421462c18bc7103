/**
 * Decap CMS の中身を、組むときに数か所だけ書き換える。どれも書き換える前の文がファイルに 1 度だけあることを
 * 確かめ、違えば（Decap が変わったら）組むのを止める。書き換えるファイルがバンドルに無くても止める。
 */
import {readFile} from 'node:fs/promises';
import path from 'node:path';
import type {Plugin} from 'esbuild';
import {validationPatches} from './decap-validation-patches';
import {schedulePatches} from './schedule-patches';
import {takedownPatches} from './takedown-patches';

/** 書き換えた Decap のファイルが読み込む、このサイトの保存の処理（client/saving.ts）。 */
const importSaving = `import * as denkiSaving from ${JSON.stringify(path.join(__dirname, 'client/saving.ts'))};`;
/** 書き換えた Decap の backend.js が読み込む、プレビューチャンネルの URL の決まり（src/constants/preview-channel.ts）。 */
const importPreviewRule = `import { isPreviewChannelUrl as denkiIsPreviewChannelUrl } from ${JSON.stringify(
  path.join(__dirname, '../../src/constants/preview-channel.ts'),
)};`;

/** 書き換えた Decap の GitHub の API が読み込む、公開を断られたときの知らせ（client/merge-refusal.ts）。 */
const importMergeRefusal = `import { mergeRefusal as denkiMergeRefusal } from ${JSON.stringify(
  path.join(__dirname, 'client/merge-refusal.ts'),
)};`;
/** 書き換えた Decap の mediaLibrary.js が読み込む、写真の SHA-256（client/photos/digest.ts）。 */
const importDigest = `import { sha256Hex as denkiSha256Hex } from ${JSON.stringify(path.join(__dirname, 'client/photos/digest.ts'))};`;

type Patch = {
  /** 書き換える Decap のパッケージ（既定は decap-cms-core）。 */
  readonly package?: 'decap-cms-backend-github';
  /** そのパッケージの dist/esm/ からのパス。 */
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
  // 「保存」を押すと、Decap は保存の間も「保存」を押せるままにし、2 度押すと 2 つ目の保存を始める（新しい記事なら
  // 「-1」を付けた 2 つ目のブランチ）。また、保存できなかったとき（入っていない欄があるときも）に Promise を
  // 断ったままにし、ページの例外（undefined）になる。保存の途中の「保存」は何もせず、断られた保存は、Decap が
  // 出した知らせ（保存できなかった理由）だけで終える。
  {
    file: 'components/Editor/Editor.js',
    original: '    await persistEntry(collection);\n    this.deleteBackup();',
    replacement: [
      '    if (this.denkiSaving) return;',
      '    this.denkiSaving = true;',
      '    try {',
      '      await persistEntry(collection);',
      '    } catch {',
      '      return;',
      '    } finally {',
      '      this.denkiSaving = false;',
      '    }',
      '    this.deleteBackup();',
    ].join('\n'),
  },
  // 以下は、保存と保存した記事の読み直しに client/saving.ts をはさむ（電車の中でも保存が 1 度で終わり、
  // 写真を送り返させない）。
  {
    file: 'backend.js',
    original: "import attempt from 'lodash/attempt';",
    replacement: `import attempt from 'lodash/attempt';\n${importSaving}\n${importPreviewRule}`,
  },
  // 答えが届かなかった保存がブランチに届いていたら、新しい記事を作り直さず（「-1」の 2 つ目のブランチにせず）、
  // そのブランチに保存する。
  {
    file: 'backend.js',
    original:
      "      const slug = await this.generateUniqueSlug(collection, entryDraft.getIn(['entry', 'data']), config, usedSlugs, customPath);",
    replacement: [
      "      var denkiLanded = await denkiSaving.landedSlug(this.implementation, collection.get('name'));",
      "      const slug = denkiLanded ?? await this.generateUniqueSlug(collection, entryDraft.getIn(['entry', 'data']), config, usedSlugs, customPath);",
    ].join('\n'),
  },
  {
    file: 'backend.js',
    original:
      '    const updatedOptions = {\n      unpublished,\n      status\n    };\n    const opts = {\n      newEntry,',
    replacement:
      '    const updatedOptions = {\n      unpublished: unpublished || Boolean(denkiLanded),\n      status\n    };\n    const opts = {\n      newEntry: newEntry && !denkiLanded,',
  },
  // 保存は 1 度だけ確かに: 同じ中身がもうブランチにあれば送らず、答えが届かなければブランチを見て確かめる。
  // 保存した写真は、このページに持っておく。
  {
    file: 'backend.js',
    original:
      '    await this.implementation.persistEntry({\n      dataFiles,\n      assets: assetProxies\n    }, opts);',
    replacement:
      '    await denkiSaving.persistOnce(this.implementation, {\n      collection: collectionName,\n      slug,\n      dataFiles,\n      assets: assetProxies,\n      newEntry,\n      status\n    }, () => this.implementation.persistEntry({\n      dataFiles,\n      assets: assetProxies\n    }, opts));',
  },
  // 記事の読み直し（保存のあとにも Decap が読み直す）: 切れた要求はやり直し、このページが持っている写真は
  // 送らせず、保存したばかりの記事はつながらなくても開く。
  {
    file: 'backend.js',
    original: [
      '  async unpublishedEntry(state, collection, slug) {',
      '    const entryData = await this.implementation.unpublishedEntry({',
      "      collection: collection.get('name'),",
      '      slug',
      '    });',
      '    let entry = await this.processUnpublishedEntry(collection, entryData, true);',
    ].join('\n'),
    replacement: [
      '  async unpublishedEntry(state, collection, slug) {',
      '    const denkiSource = denkiSaving.reloadSource(this.implementation);',
      '    const entryData = await denkiSource.unpublishedEntry({',
      "      collection: collection.get('name'),",
      '      slug',
      '    });',
      '    let entry = await this.processUnpublishedEntry(collection, entryData, true, denkiSource);',
    ].join('\n'),
  },
  {
    file: 'backend.js',
    original: ['  async processUnpublishedEntry(collection, entryData, withMediaFiles) {'].join(
      '\n',
    ),
    replacement:
      '  async processUnpublishedEntry(collection, entryData, withMediaFiles, source = this.implementation) {',
  },
  {
    file: 'backend.js',
    original: [
      "      const files = await Promise.all(nonDataFiles.map(f => this.implementation.unpublishedEntryMediaFile(collection.get('name'), slug, f.path, f.id)));",
      '      mediaFiles.push(...files.map(f => ({',
    ].join('\n'),
    replacement: [
      "      const files = await Promise.all(nonDataFiles.map(f => source.unpublishedEntryMediaFile(collection.get('name'), slug, f.path, f.id)));",
      '      mediaFiles.push(...files.filter(Boolean).map(f => ({',
    ].join('\n'),
  },
  {
    file: 'backend.js',
    original:
      "      const data = await this.implementation.unpublishedEntryDataFile(collection.get('name'), entryData.slug, dataFile.path, dataFile.id);",
    replacement:
      "      const data = await source.unpublishedEntryDataFile(collection.get('name'), entryData.slug, dataFile.path, dataFile.id);",
  },
  {
    file: 'backend.js',
    original:
      '      const files = await Promise.all(mediaFolders.map(folder => this.implementation.getMedia(folder)));',
    replacement:
      '      const files = await Promise.all(mediaFolders.map(folder => denkiSaving.listMediaOrNothing(() => this.implementation.getMedia(folder))));',
  },
  // 保存した記事の一覧を読めなかったとき、Decap は知らせを出したあとで、誰も受け取らない Promise.reject(error)
  // を作り、ページの例外になる（保存の途中でつながりが切れたときなど）。知らせだけにする。
  {
    file: 'actions/editorialWorkflow.js',
    original: '      dispatch(unpublishedEntriesFailed(error));\n      Promise.reject(error);',
    replacement: '      dispatch(unpublishedEntriesFailed(error));',
  },
  // 読み直せず、保存したばかりの記事をこのページの中身で開いたときは、そう知らせる。
  {
    file: 'actions/editorialWorkflow.js',
    original: "import get from 'lodash/get';",
    replacement: `import get from 'lodash/get';\n${importSaving}`,
  },
  {
    file: 'actions/editorialWorkflow.js',
    original: '      dispatch(createDraftFromEntry(entry));\n    } catch (error) {',
    replacement: [
      '      dispatch(createDraftFromEntry(entry));',
      '      if (denkiSaving.takeOpenedFromMemory()) {',
      "        dispatch(addNotification({ message: { key: 'ui.toast.denkiOpenedFromMemory' }, type: 'warning', dismissAfter: 30000 }));",
      '      }',
      '    } catch (error) {',
    ].join('\n'),
  },
  // 端末の控え（保存せずに離れた記事）は、記事のファイルの形（front matter と本文）で残る。ファイルに書かない
  // 欄（URL の名前）は控えから消え、戻した記事は URL の名前が空になる。欄の値そのものも控えに残し、それで戻す。
  {
    file: 'backend.js',
    original:
      "      await localForage.setItem(key, {\n        raw,\n        path: entry.get('path'),",
    replacement:
      "      await localForage.setItem(key, {\n        raw,\n        data: entry.get('data')?.toJS(),\n        path: entry.get('path'),",
  },
  {
    file: 'backend.js',
    original: '    const entry = formatRawData(raw);',
    replacement:
      '    const entry = formatRawData(raw);\n    if (backup.data) entry.data = backup.data;',
  },
  // 写真は記事の「写真を追加」からだけ入る（記事のブランチとプルリクエストを通る）。Decap の全体のメディア
  // ライブラリー（既定のブランチに直接コミットする）は admin.tsx で外しているが、ほかの道から呼ばれても、
  // 記事の外のファイルはコミットしない。
  {
    file: 'actions/mediaLibrary.js',
    original: '          mediaFile = await backend.persistMedia(state.config, assetProxy);',
    replacement:
      "          throw new Error('写真は、記事の「写真を追加」から足してください。記事の外のファイルは保存しません。');",
  },
  // 「プレビューを見る」は、記事のコミットの「プレビュー」の状態（commit status）のリンクを開く。状態はリポジトリーに
  // 書ける人なら誰でも、どの URL でも付けられるので、このプロジェクトのプレビューチャンネルの URL のときだけ見せる
  // （src/constants/preview-channel.ts。ほかの URL なら、状態が無いときと同じ「プレビューのチェック」（読み直すボタン）のまま）。
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
  // 写真を消すのも、記事の中でだけ（本文から写真を外して保存すると、記事のブランチから消える）。Decap の
  // メディアライブラリーの「削除」と、同じ名前の写真を置き換えるときの削除は、既定のブランチ（main）に直接
  // コミットする。どの道から呼ばれても、記事の外のファイルは消さない（記事の中の、まだ保存していない写真は
  // Decap がこの手前で画面から外すだけ）。
  {
    file: 'actions/mediaLibrary.js',
    original: '        await backend.deleteMedia(state.config, file.path);',
    replacement:
      "        throw new Error('写真を消すときは、記事の本文から写真を外して保存してください。記事の外のファイルは消しません。');",
  },
  // 「公開」を GitHub が断ると（405: 必須のチェックが終わっていない、コードの持ち主の承認が無い など）、Decap は
  // プルリクエストの中身を main に直接コミットしていた（forceMergePR）。GitHub のルールを飛び越えるので、その道を
  // 外し、足りないものを日本語で知らせて止める（main には何も書き込まない）。
  {
    package: 'decap-cms-backend-github',
    file: 'API.js',
    original: "export const API_NAME = 'GitHub';",
    replacement: `${importMergeRefusal}\nexport const API_NAME = 'GitHub';`,
  },
  {
    package: 'decap-cms-backend-github',
    file: 'API.js',
    original: [
      '      if (error instanceof APIError && error.status === 405) {',
      '        return this.forceMergePR(pullrequest);',
      '      } else {',
    ].join('\n'),
    replacement: [
      '      if (error instanceof APIError && error.status === 405) {',
      '        throw denkiMergeRefusal(error.message);',
      '      } else {',
    ].join('\n'),
  },
  {
    package: 'decap-cms-backend-github',
    file: 'API.js',
    original: [
      '  async forceMergePR(pullRequest) {',
      '    const result = await this.getDifferences(pullRequest.base.sha, pullRequest.head.sha);',
      '    const files = getTreeFiles(result.files);',
      "    let commitMessage = 'Automatically generated. Merged on Decap CMS\\n\\nForce merge of:';",
      '    files.forEach(file => {',
      '      commitMessage += `\\n* "${file.path}"`;',
      '    });',
      "    console.log('%c Automatic merge not possible - Forcing merge.', 'line-height: 30px;text-align: center;font-weight: bold');",
      '    return this.getDefaultBranch().then(branchData => this.updateTree(branchData.commit.sha, files)).then(changeTree => this.commit(commitMessage, changeTree)).then(response => this.patchBranch(this.branch, response.sha));',
      '  }',
    ].join('\n'),
    replacement: ['  async forceMergePR() {', "    throw denkiMergeRefusal('');", '  }'].join('\n'),
  },
  // 公開できなかった知らせ（足りないものを書いたもの）は、読み終えるまで出しておく（Decap の既定は 8 秒）。
  {
    file: 'actions/editorialWorkflow.js',
    original: [
      "          key: 'ui.toast.onFailToPublishEntry',",
      '          details: error',
      '        },',
      "        type: 'error',",
      '        dismissAfter: 8000',
    ].join('\n'),
    replacement: [
      "          key: 'ui.toast.onFailToPublishEntry',",
      '          details: error',
      '        },',
      "        type: 'error',",
      '        dismissAfter: 60000',
    ].join('\n'),
  },
  // 記事に写真を足すと、Decap は写真の id（SHA-256）を JavaScript（js-sha256）でメインスレッドで計算し、写真 1 枚に
  // CPU 4 倍遅い端末で 0.2〜0.3 秒、本文の入力が止まる（issue 61）。同じ値を Web Crypto（ページの外）で計算する。
  {
    file: 'actions/mediaLibrary.js',
    original: "import { basename, getBlobSHA } from 'decap-cms-lib-util';",
    replacement: `import { basename, getBlobSHA } from 'decap-cms-lib-util';\n${importDigest}`,
  },
  {
    file: 'actions/mediaLibrary.js',
    original: '        } else if (editingDraft) {\n          const id = await getBlobSHA(file);',
    replacement:
      '        } else if (editingDraft) {\n          const id = await denkiSha256Hex(file);',
  },
  // 記事の画面の全体（ツールバー、欄、プレビュー）を main の目印に入れる（axe の region。読み上げで「メイン」に
  // 飛べる）。一覧の画面は、Decap がもう main にしている（issue 61）。
  {
    file: 'components/Editor/EditorInterface.js',
    original: 'const EditorContainer = /*#__PURE__*/_styled("div", {',
    replacement: 'const EditorContainer = /*#__PURE__*/_styled("main", {',
  },
  // プレビューの枠の中にも記事の main があるので、名前で見分ける（axe の landmark-unique）。
  {
    file: 'components/Editor/EditorInterface.js',
    original: '    return _jsxs(EditorContainer, {\n      children: [_jsx(EditorToolbar, {',
    replacement:
      '    return _jsxs(EditorContainer, {\n      "aria-label": "記事の編集",\n      children: [_jsx(EditorToolbar, {',
  },
  // プレビューの枠に名前（axe の frame-title）と、中の文書に言語（読み上げが日本語で読む）を付ける。
  {
    file: 'components/Editor/EditorPreviewPane/EditorPreviewPane.js',
    original: '<!DOCTYPE html>\n<html>\n  <head>',
    replacement: '<!DOCTYPE html>\n<html lang="ja">\n  <head>',
  },
  {
    file: 'components/Editor/EditorPreviewPane/EditorPreviewPane.js',
    original:
      '        id: "preview-pane",\n        head: styleEls,\n        initialContent: initialContent,',
    replacement:
      '        id: "preview-pane",\n        title: "プレビュー",\n        head: styleEls,\n        initialContent: initialContent,',
  },
  // 画面の右上のサイトへのリンクは、見える文字がサイトのホスト名だけ。名前は、その文字で始まる日本語にする。
  {
    file: 'components/UI/SettingsDropdown.js',
    original: '      target: "_blank",\n      children: stripProtocol(displayUrl)',
    replacement:
      '      target: "_blank",\n      "aria-label": `${stripProtocol(displayUrl)}（サイトを新しいタブで開く）`,\n      children: stripProtocol(displayUrl)',
  },
  // 公開予約の記事に「12月5日に公開されます」（一覧の行とワークフローのカード。schedule-patches.ts）。
  ...schedulePatches,
  // 保存の前の確かめ（コレクションの決まり）と、保存を断ったときの知らせ（decap-validation-patches.ts）。
  ...validationPatches,
  // 取り下げと写真の削除を、記事のブランチとプルリクエストにする（main には書かない。takedown-patches.ts）。
  ...takedownPatches,
];

/** 書き換える Decap のパッケージの dist/esm/ の中のファイル（1 つ目がパッケージ、2 つ目がその中のパス）。 */
const decapEsm = /(decap-cms-core|decap-cms-backend-github)[\\/]dist[\\/]esm[\\/](.+)$/;

const packageOf = (patch: Patch): string => patch.package ?? 'decap-cms-core';

/**
 * Decap のパッケージ decapPackage の dist/esm/ の file の中身 code に、書き換えを当てる（書き換えが無ければ
 * undefined）。書き換える前の文が 1 度だけでなければ止める。当てた書き換えは applied に足す。
 */
export function patchedDecapFile(
  decapPackage: string,
  file: string,
  code: string,
  applied?: Set<Patch>,
): string | undefined {
  const filePatches = patches.filter(
    (patch) => packageOf(patch) === decapPackage && patch.file === file,
  );
  if (filePatches.length === 0) return undefined;
  let patched = code;
  for (const patch of filePatches) {
    if (patched.split(patch.original).length !== 2) {
      throw new Error(
        `${decapPackage}/dist/esm/${file} が確かめた形と違います。Decap CMS が変わったので、plugins/editor/decap-patches.ts を見直してください。`,
      );
    }
    patched = patched.replace(patch.original, patch.replacement);
    applied?.add(patch);
  }
  return patched;
}

export function patchDecap(): Plugin {
  const applied = new Set<Patch>();
  return {
    name: 'denki-decap-patches',
    setup(build) {
      build.onStart(() => applied.clear());
      build.onLoad({filter: decapEsm}, async ({path}) => {
        const [, decapPackage = '', inPackage = ''] = decapEsm.exec(path) ?? [];
        const file = inPackage.split('\\').join('/');
        if (!patches.some((patch) => packageOf(patch) === decapPackage && patch.file === file)) {
          return undefined;
        }
        const code = patchedDecapFile(decapPackage, file, await readFile(path, 'utf8'), applied);
        return {contents: code, loader: 'jsx'};
      });
      build.onEnd((result) => {
        const missing = patches.filter((patch) => !applied.has(patch));
        if (result.errors.length === 0 && missing.length > 0) {
          throw new Error(
            `${[...new Set(missing.map((patch) => `${packageOf(patch)} の ${patch.file}`))].join('、')} がバンドルにありません。plugins/editor/decap-patches.ts を見直してください。`,
          );
        }
      });
    },
  };
}
