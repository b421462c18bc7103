/**
 * Content-Security-Policy をビルドから組み立て、firebase.json に書き込む／照合する。
 *
 *   tsx scripts/csp.ts [--check] [ビルドフォルダ]   （既定は BUILD_DIR か build）
 *
 * 組み立てと照合は lib/csp.ts（tests/node/csp.spec.ts も使う）。設定（お知らせバーの id など）を変えると
 * ハッシュが変わるので、ビルド後に `--check` で確かめ、ずれていればこのスクリプトで書き直す。
 */
import {readFile, writeFile} from 'node:fs/promises';
import {signInContentSecurityPolicy} from '../functions/src/sign-in';
import {
  buildScriptHashes,
  contentSecurityPolicy,
  cspInConfig,
  editorContentSecurityPolicy,
  editorCspInConfig,
  filesContentSecurityPolicy,
  filesCspInConfig,
  signInCspInConfig,
  withCsp,
  type FirebaseJson,
} from '../lib/csp';

async function main(args: readonly string[]): Promise<number> {
  const check = args.includes('--check');
  const buildDir = args.find((arg) => !arg.startsWith('--')) ?? process.env.BUILD_DIR ?? 'build';
  const file = 'firebase.json';
  const csp = contentSecurityPolicy(await buildScriptHashes(buildDir));
  const text = await readFile(file, 'utf8');
  const config = JSON.parse(text) as FirebaseJson;
  if (
    cspInConfig(config) === csp &&
    editorCspInConfig(config) === editorContentSecurityPolicy() &&
    filesCspInConfig(config) === filesContentSecurityPolicy &&
    signInCspInConfig(config) === signInContentSecurityPolicy
  ) {
    console.log(`${file} の CSP は ${buildDir} のビルドと一致しています。`);
    return 0;
  }
  if (check) {
    console.error(`${file} の CSP が ${buildDir} と一致しません。npm run csp で更新してください。`);
    console.error(`期待する値: ${csp}`);
    return 1;
  }
  await writeFile(file, await withCsp(text, csp, file));
  console.log(`${file} の CSP を更新しました: ${csp}`);
  return 0;
}

if (require.main === module) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
