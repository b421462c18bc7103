/**
 * Decap CMS は読み込むときに設定を ajv で確かめ、ajv は確かめる関数を文字列から作る（eval）。/admin/ の CSP は
 * 読者のページと同じく eval を許さないので、その確かめだけを外す。設定はビルドがサイトの定数から作るもので、
 * エディターの e2e が読み込んで使う。外す場所が確かめた形でなければ（Decap が変わったら）、組むのを止める。
 */
import {readFile} from 'node:fs/promises';
import type {Plugin} from 'esbuild';

const patchedFile = /decap-cms-core[\\/]dist[\\/]esm[\\/]constants[\\/]configSchema\.js$/;
const original = 'export function validateConfig(config) {\n  const ajv = new AJV({';
const replacement =
  'export function validateConfig() {}\nfunction validateConfigWithAjv(config) {\n  const ajv = new AJV({';

export function decapWithoutEval(): Plugin {
  let patched = false;
  return {
    name: 'denki-decap-without-eval',
    setup(build) {
      build.onStart(() => {
        patched = false;
      });
      build.onLoad({filter: patchedFile}, async ({path}) => {
        const code = await readFile(path, 'utf8');
        if (code.split(original).length !== 2) {
          throw new Error(
            `${path} の validateConfig が確かめた形と違います。Decap CMS が変わったので、plugins/editor/no-eval.ts を見直してください。`,
          );
        }
        patched = true;
        return {contents: code.replace(original, replacement), loader: 'js'};
      });
      build.onEnd((result) => {
        if (result.errors.length === 0 && !patched) {
          throw new Error(
            'decap-cms-core の constants/configSchema.js がバンドルにありません。plugins/editor/no-eval.ts を見直してください。',
          );
        }
      });
    },
  };
}
