/**
 * Decap CMS の中身を、組むときに 2 か所だけ書き換える。どちらも書き換える前の文がファイルに 1 度だけあることを
 * 確かめ、違えば（Decap が変わったら）組むのを止める。どちらかのファイルがバンドルに無くても止める。
 */
import {readFile} from 'node:fs/promises';
import type {Plugin} from 'esbuild';

type Patch = {
  /** decap-cms-core/dist/esm/ からのパス。 */
  readonly file: string;
  readonly original: string;
  readonly replacement: string;
};

const patches: readonly Patch[] = [
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
];

const coreDir = /decap-cms-core[\\/]dist[\\/]esm[\\/](.+)$/;

export function patchDecap(): Plugin {
  const patched = new Set<string>();
  return {
    name: 'denki-decap-patches',
    setup(build) {
      build.onStart(() => patched.clear());
      build.onLoad({filter: coreDir}, async ({path}) => {
        const file = coreDir.exec(path)?.[1]?.split('\\').join('/');
        const patch = patches.find((candidate) => candidate.file === file);
        if (!patch) return undefined;
        const code = await readFile(path, 'utf8');
        if (code.split(patch.original).length !== 2) {
          throw new Error(
            `${path} が確かめた形と違います。Decap CMS が変わったので、plugins/editor/decap-patches.ts を見直してください。`,
          );
        }
        patched.add(patch.file);
        return {contents: code.replace(patch.original, patch.replacement), loader: 'jsx'};
      });
      build.onEnd((result) => {
        const missing = patches.filter((patch) => !patched.has(patch.file));
        if (result.errors.length === 0 && missing.length > 0) {
          throw new Error(
            `decap-cms-core の ${missing.map((patch) => patch.file).join('、')} がバンドルにありません。plugins/editor/decap-patches.ts を見直してください。`,
          );
        }
      });
    },
  };
}
