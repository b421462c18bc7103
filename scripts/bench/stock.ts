/**
 * 比較用の素の Docusaurus（classic・TypeScript・同じ版）。.bench/stock に一度だけ作り、以後は再利用する。
 * @docsearch/react は本体と同じく 4.7.0 に固定する（package.json の overrides）。
 */
import {existsSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {runCommand} from './processes';

export const DOCUSAURUS_VERSION = '3.10.2';

/** 私たちのルート → 素のサイトで一番近いルート。 */
export const stockRoutes: Readonly<Record<string, string>> = {
  '/': '/',
  '/docs/intro': '/docs/intro',
  '/docs/app-usage/participant-guide': '/docs/tutorial-basics/markdown-features',
  '/blog': '/blog',
  '/blog/2025/03/16/docs-site-launch': '/blog/welcome',
  '/blog/archive': '/blog/archive',
};

function log(message: string): void {
  console.log(`[bench] ${message}`);
}

async function run(command: string, args: string[], cwd: string, timeoutMs: number): Promise<void> {
  const result = await runCommand(command, args, {cwd, timeoutMs});
  if (result.code !== 0) {
    throw new Error(
      `${command} ${args.join(' ')} が失敗しました（${result.code}）\n${result.stderr.slice(-2000)}`,
    );
  }
}

function pinDocsearch(stockDir: string): void {
  const file = path.join(stockDir, 'package.json');
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  manifest.overrides = {...(manifest.overrides as object | undefined), '@docsearch/react': '4.7.0'};
  writeFileSync(file, `${JSON.stringify(manifest, null, 2)}\n`);
}

/** 素のサイトを用意して、そのフォルダを返す。作成・インストール済みならそのまま使う。 */
export async function ensureStockSite(benchDir: string): Promise<string> {
  const stockDir = path.resolve(benchDir, 'stock');
  if (!existsSync(path.join(stockDir, 'package.json'))) {
    log(`素の Docusaurus ${DOCUSAURUS_VERSION} を ${stockDir} に作成します…`);
    await run(
      'npx',
      [
        '--yes',
        `create-docusaurus@${DOCUSAURUS_VERSION}`,
        stockDir,
        'classic',
        '--typescript',
        '--skip-install',
      ],
      path.dirname(stockDir),
      5 * 60_000,
    );
    pinDocsearch(stockDir);
  }
  if (!existsSync(path.join(stockDir, 'node_modules/.bin/docusaurus'))) {
    log('素のサイトの依存をインストールします（数分かかります）…');
    await run('npm', ['install', '--no-audit', '--no-fund'], stockDir, 15 * 60_000);
  }
  return stockDir;
}
