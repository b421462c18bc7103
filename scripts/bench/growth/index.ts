/**
 * npm run bench:growth — サイトが 10 倍・50 倍に育ったとき、読者とビルドが払うものを測る（issue 20）。
 * 倍率ごとに、サイトの一時的な複製（キャッシュなし）に合成コンテンツ（content.ts）を書き、ビルドし
 * （キャッシュのない first、写真の変換のキャッシュだけを残した cold、記事を 1 本直した warm。build.ts）、
 * 本番と同じ規則で配信して測る。1 倍は今の内容のまま。
 * 表を出し、bench/budgets.json の growth と比べる。結果は .bench/growth.json。予算を破ると終了コード 1。
 *
 *   npm run bench:growth -- [--factors 1,10,50] [--site <フォルダー>]
 * --site は複製する元（既定はこのリポジトリー。別のチェックアウトを同じ物差しで測るときに使う）。
 */
import {mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {launchBrowser} from '../browser';
import {createSiteCopy} from '../../../lib/site-copy';
import {startSiteServer} from '../../../lib/site-server';
import {routes} from '../../../src/constants/site';
import {checkGrowth, readGrowthBudgets, type FactorResult, type GrowthBudgets} from './budgets';
import {growthBuilds} from './build';
import {writeGrowthContent} from './content';
import {measureBuild} from './measure';
import {renderGrowthTable} from './table';

const projectRoot = path.resolve(__dirname, '../../..');
const usage = 'usage: npm run bench:growth -- [--factors 1,10,50] [--site <folder>]';
/** 50 倍のキャッシュなしのビルドは、この機械で数分かかる。 */
const buildTimeoutMs = 30 * 60_000;
/** 写真の変換をすべて行う最初のビルドの制限時間: cold の制限時間に、写真 1 枚あたりの予算 × 枚数を足す。 */
const firstBuildTimeoutMs = (photos: number, budgets: GrowthBudgets): number =>
  buildTimeoutMs + photos * budgets.photoEncodingPerPhotoMaxSeconds * 1000;

type Options = {readonly factors: readonly number[]; readonly site: string};

function parseOptions(argv: readonly string[]): Options {
  let factors = [1, 10, 50];
  let site = projectRoot;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--factors') {
      factors = (argv[++i] ?? '').split(',').map(Number);
      if (factors.some((f) => !Number.isInteger(f) || f < 1) || factors[0] !== 1) {
        throw new Error(`--factors は 1 から始まる正の整数の並びです（例: 1,10,50）\n${usage}`);
      }
    } else if (arg === '--site') {
      site = path.resolve(argv[++i] ?? '');
    } else if (arg === '--help' || arg === '-h') {
      console.log(usage);
      process.exit(0);
    } else {
      throw new Error(`不明なオプション: ${arg}\n${usage}`);
    }
  }
  return {factors, site};
}

/** warm のビルドの前に直す記事（1 倍にもある、本物の記事）。 */
const editedPost = 'blog/2025-03-16-docs-site-launch/index.md';

async function measureFactor(
  factor: number,
  site: string,
  budgets: GrowthBudgets,
): Promise<FactorResult> {
  const log = (message: string): void => console.log(`[growth ${factor}×] ${message}`);
  const copy = createSiteCopy(`growth-${factor}x`, {source: site, shareCaches: false});
  try {
    const {posts, docs, photos, photoBytes} = await writeGrowthContent(
      copy.dir,
      factor,
      copy.write,
    );
    log(
      `記事 ${posts} 本（写真 ${photos} 枚、${(photoBytes / 2 ** 20).toFixed(1)} MB）とドキュメント ${docs} ページを足しました。ビルドします（first → cold → warm）…`,
    );
    const builds = await growthBuilds(
      copy,
      editedPost,
      buildTimeoutMs,
      firstBuildTimeoutMs(photos, budgets),
    );
    log(
      `first ${builds.first.ms} ms、cold ${builds.cold.ms} ms、warm ${builds.warm.ms} ms。配信して測ります…`,
    );
    const server = await startSiteServer({buildDir: copy.outDir, compression: true});
    const browser = await launchBrowser();
    try {
      const figures = await measureBuild(browser, server.baseURL, copy.outDir);
      return {factor, posts, docs, photos, photoBytes, builds, figures};
    } finally {
      await browser.close();
      await server.stop();
    }
  } finally {
    copy.remove();
  }
}

async function main(): Promise<number> {
  const options = parseOptions(process.argv.slice(2));
  const budgetsFile = path.join(projectRoot, 'bench/budgets.json');
  const budgets = readGrowthBudgets(budgetsFile);
  const results: FactorResult[] = [];
  for (const factor of options.factors)
    results.push(await measureFactor(factor, options.site, budgets));
  const verdicts = checkGrowth(results, budgets);
  const table = renderGrowthTable(results, verdicts);
  const benchDir = path.join(projectRoot, '.bench');
  mkdirSync(benchDir, {recursive: true});
  const meta = {
    date: new Date().toISOString(),
    site: options.site,
    editedPost,
    post: routes.blogPost,
  };
  writeFileSync(
    path.join(benchDir, 'growth.json'),
    `${JSON.stringify({meta, budgets, verdicts, results}, null, 2)}\n`,
  );
  console.log(`\n${table}\n`);
  const over = verdicts.filter((v) => v.ok === false);
  console.log(
    over.length === 0
      ? '成長の予算はすべて守られています。'
      : `予算超過 ${over.length} 件: ${over.map((v) => v.figure).join(', ')}`,
  );
  return over.length === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(2);
  },
);
