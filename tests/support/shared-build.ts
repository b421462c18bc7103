/**
 * 1 回のテストの実行（npx playwright test）で、同じ内容のサイトの複製を 1 度だけビルドして共有する。
 * 最初に来たワーカーがビルドし、ほかのワーカーは出来上がりを待つ（写真の記事の複製を、Chromium のテストと
 * WebKit・Gecko のテストが使う）。片付けは実行の終わりに global-teardown.ts が行う。
 */
import {existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';

/** 実行ごとの印。playwright.config.ts が決め、ワーカーは環境変数で受け継ぐ。 */
export const testRunVariable = 'DENKI_TEST_RUN';

function sharedRoot(): string {
  const run = process.env[testRunVariable];
  if (!run) throw new Error(`${testRunVariable} がありません（playwright.config.ts が決めます）`);
  return path.join(tmpdir(), `denki-shared-builds-${run}`);
}

/** 共有したビルド: 複製のフォルダーと、その中の出力先。 */
export type SharedBuild = {readonly dir: string; readonly outDir: string};

type Outcome = {readonly build: SharedBuild} | {readonly error: string};

const pollMs = 500;

/**
 * label のビルドを返す。この実行でまだ誰も作っていなければ make で作る（make は複製を消さない）。
 * 作るのに失敗したら、待っていた側も同じ理由で失敗する。
 */
export async function sharedBuild(
  label: string,
  make: () => Promise<SharedBuild>,
  timeoutMs: number,
): Promise<SharedBuild> {
  const root = sharedRoot();
  mkdirSync(root, {recursive: true});
  const result = path.join(root, `${label}.json`);
  let owner = true;
  try {
    mkdirSync(path.join(root, `${label}.lock`));
  } catch {
    owner = false;
  }
  if (owner) {
    let outcome: Outcome;
    try {
      outcome = {build: await make()};
    } catch (error) {
      outcome = {error: String(error)};
    }
    writeFileSync(result, JSON.stringify(outcome));
  }
  const deadline = Date.now() + timeoutMs;
  while (!existsSync(result)) {
    if (Date.now() > deadline)
      throw new Error(`共有のビルド ${label} が ${timeoutMs} ms で出来ませんでした`);
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
  const outcome = JSON.parse(readFileSync(result, 'utf8')) as Outcome;
  if ('error' in outcome) throw new Error(`共有のビルド ${label} に失敗しました: ${outcome.error}`);
  return outcome.build;
}

/** この実行で共有したビルドをすべて消す。 */
export function removeSharedBuilds(): void {
  const root = sharedRoot();
  if (!existsSync(root)) return;
  for (const file of readdirSync(root).filter((name) => name.endsWith('.json'))) {
    const outcome = JSON.parse(readFileSync(path.join(root, file), 'utf8')) as Outcome;
    if ('build' in outcome) rmSync(outcome.build.dir, {recursive: true, force: true});
  }
  rmSync(root, {recursive: true, force: true});
}
