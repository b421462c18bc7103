/** 成長の予算（bench/budgets.json の growth）と、1 倍・10 倍・50 倍の結果からの判定。 */
import {readFileSync} from 'node:fs';
import {KiB, type Verdict} from '../types';
import {TOP_N} from '../../../plugins/search/quality/queries';
import type {QueryOutcome} from '../../../plugins/search/quality/score';
import {growthSubjects} from './content';
import type {BuildFigures, EntryRoute} from './measure';
import type {GrowthBuilds} from './build';

export type GrowthBudgets = {
  /** 最大倍率で、入口の JS（gzip）が 1 倍より増えてよい量。 */
  readonly firstLoadJsGrowthMaxKiB: number;
  /** 最大倍率で、裏のプリキャッシュが 1 倍の何倍まで。 */
  readonly backgroundPrecacheMaxRatio: number;
  /** 初回訪問の通信量（通常の回線、20 秒）。bench の firstVisitOrdinaryMaxKiB と同じ予算。 */
  readonly firstVisitMaxKiB: number;
  /** 10 倍のキャッシュなしのビルドが、1 倍の何倍まで。 */
  readonly coldBuild10xMaxRatio: number;
  /** 記事を 1 本直したあとのビルドが、同じ倍率のキャッシュなしのビルドの何倍まで。 */
  readonly warmBuildMaxRatio: number;
  /** 最初の検索で取るファイル。 */
  readonly searchFirstQueryMaxKiB: number;
  /** 決めてあるクエリに答えた割合の下限（e2e の正解率と同じ。足したページが答えたものも数える）。 */
  readonly searchHitRateMin: number;
  /** ドキュメントを最下部まで読んだあとの JS（brotli）。 */
  readonly docJsAfterScrollMaxKiB: number;
  /** 最大倍率で、ブログのアーカイブを 390 px で開いたときの転送が 1 倍より増えてよい量（issue 27）。 */
  readonly archiveOpenGrowthMaxKiB: number;
  /** 最大倍率で、アーカイブを最下部までスクロールしたときに足される転送。 */
  readonly archiveScrollMaxKiB: number;
  /** 最大倍率のキャッシュなしのビルドが、1 倍の何倍まで。 */
  readonly coldBuildMaxRatio: number;
  /** 最大倍率のビルド（first と cold）の最大メモリー（PSS）。 */
  readonly peakMemoryMaxGiB: number;
  /** 写真を足した最初のビルドだけが払う写真の変換（first − cold）の、写真 1 枚あたりの秒数。 */
  readonly photoEncodingPerPhotoMaxSeconds: number;
};

export type FactorResult = {
  readonly factor: number;
  readonly posts: number;
  readonly docs: number;
  /** 記事に載せた写真（1600×1200 の JPEG）の枚数とバイト数。 */
  readonly photos: number;
  readonly photoBytes: number;
  readonly builds: GrowthBuilds;
  readonly figures: BuildFigures;
};

export function readGrowthBudgets(file: string): GrowthBudgets {
  const {growth} = JSON.parse(readFileSync(file, 'utf8')) as {growth?: Partial<GrowthBudgets>};
  const keys: (keyof GrowthBudgets)[] = [
    'firstLoadJsGrowthMaxKiB',
    'backgroundPrecacheMaxRatio',
    'firstVisitMaxKiB',
    'coldBuild10xMaxRatio',
    'warmBuildMaxRatio',
    'searchFirstQueryMaxKiB',
    'searchHitRateMin',
    'docJsAfterScrollMaxKiB',
    'archiveOpenGrowthMaxKiB',
    'archiveScrollMaxKiB',
    'coldBuildMaxRatio',
    'peakMemoryMaxGiB',
    'photoEncodingPerPhotoMaxSeconds',
  ];
  for (const key of keys) {
    if (typeof growth?.[key] !== 'number')
      throw new Error(`${file}: growth.${key} が数値ではありません`);
  }
  return growth as GrowthBudgets;
}

const verdict = (figure: string, value: number, budget: string, ok: boolean): Verdict => ({
  figure,
  route: null,
  value,
  budget,
  ok,
});

/**
 * 期待したページが上位 3 件に入らなかったが、上位 3 件がどれも期待したページか、検索語の路線を主題にして
 * 足したページ（地域ガイドと報告。content.ts の growthSubjects）だったか。路線の名前の検索では、
 * その路線の地域ガイドが開催事例より上に来るのは、育ったサイトの読者にとって正しい並び。
 */
export function answeredBySubject(outcome: QueryOutcome, factor: number): boolean {
  const subjects = growthSubjects(factor);
  const shown = outcome.top.slice(0, TOP_N);
  return (
    !outcome.hit &&
    shown.length > 0 &&
    shown.every(
      (page) =>
        outcome.query.expect.includes(page) ||
        (subjects.get(page) ?? []).some((line) => line.includes(outcome.query.query)),
    )
  );
}

/** 正解のクエリと、足したページが答えたクエリの数。 */
export function searchAnswered(result: FactorResult): number {
  return result.figures.searchQuality.outcomes.filter(
    (outcome) => outcome.hit || answeredBySubject(outcome, result.factor),
  ).length;
}

/** 写真の変換だけにかかった時間（ミリ秒）: どのキャッシュもない first と、写真の変換のキャッシュがある cold の差。 */
export const photoEncodingMs = ({builds}: FactorResult): number => builds.first.ms - builds.cold.ms;

/** 1 倍（最初）と最大の倍率（最後）を比べる予算と、どの倍率でも守る予算。 */
export function checkGrowth(results: readonly FactorResult[], budgets: GrowthBudgets): Verdict[] {
  const base = results[0];
  const top = results.at(-1);
  if (!base || !top) return [];
  const verdicts: Verdict[] = [];
  const at = `${top.factor}×`;
  for (const route of Object.keys(base.figures.firstLoadJs) as EntryRoute[]) {
    const growth = (top.figures.firstLoadJs[route] - base.figures.firstLoadJs[route]) / KiB;
    verdicts.push(
      verdict(
        `first-load JS growth, ${route} (${at} − 1×, KiB gzip)`,
        growth,
        `≤ ${budgets.firstLoadJsGrowthMaxKiB}`,
        growth <= budgets.firstLoadJsGrowthMaxKiB,
      ),
    );
  }
  const precacheRatio = top.figures.backgroundPrecache / base.figures.backgroundPrecache;
  verdicts.push(
    verdict(
      `background precache (${at} ÷ 1×)`,
      precacheRatio,
      `≤ ${budgets.backgroundPrecacheMaxRatio}`,
      precacheRatio <= budgets.backgroundPrecacheMaxRatio,
    ),
  );
  const archiveGrowth = (top.figures.archive.open - base.figures.archive.open) / KiB;
  const archiveScroll = top.figures.archive.scroll / KiB;
  const coldRatio = top.builds.cold.ms / base.builds.cold.ms;
  const gib = (bytes: number): number => bytes / (1024 * KiB * KiB);
  verdicts.push(
    verdict(
      `blog archive at 390 px, on opening (${at} − 1×, KiB)`,
      archiveGrowth,
      `≤ ${budgets.archiveOpenGrowthMaxKiB}`,
      archiveGrowth <= budgets.archiveOpenGrowthMaxKiB,
    ),
    verdict(
      `blog archive scrolled to the end at 390 px, ${at} (KiB)`,
      archiveScroll,
      `≤ ${budgets.archiveScrollMaxKiB}`,
      archiveScroll <= budgets.archiveScrollMaxKiB,
    ),
    verdict(
      `cold build (${at} ÷ 1×)`,
      coldRatio,
      `≤ ${budgets.coldBuildMaxRatio}`,
      coldRatio <= budgets.coldBuildMaxRatio,
    ),
    ...(['first', 'cold'] as const).map((build) =>
      verdict(
        `peak memory, ${build} build, ${at} (GiB PSS)`,
        gib(top.builds[build].peakMemory),
        `≤ ${budgets.peakMemoryMaxGiB}`,
        gib(top.builds[build].peakMemory) <= budgets.peakMemoryMaxGiB,
      ),
    ),
  );
  const ten = results.find((result) => result.factor === 10);
  if (ten) {
    const ratio = ten.builds.cold.ms / base.builds.cold.ms;
    verdicts.push(
      verdict(
        'cold build (10× ÷ 1×)',
        ratio,
        `≤ ${budgets.coldBuild10xMaxRatio}`,
        ratio <= budgets.coldBuild10xMaxRatio,
      ),
    );
  }
  for (const result of results.filter(({photos}) => photos > 0)) {
    const perPhoto = photoEncodingMs(result) / 1000 / result.photos;
    verdicts.push(
      verdict(
        `one-time photo encoding per photo, ${result.factor}× ((first − cold) ÷ ${result.photos}, s)`,
        perPhoto,
        `≤ ${budgets.photoEncodingPerPhotoMaxSeconds}`,
        perPhoto <= budgets.photoEncodingPerPhotoMaxSeconds,
      ),
    );
  }
  for (const result of results) {
    const label = `${result.factor}×`;
    const {figures} = result;
    const warm = result.builds.warm.ms / result.builds.cold.ms;
    const answered = searchAnswered(result) / figures.searchQuality.total;
    verdicts.push(
      verdict(
        `warm rebuild after one edit ÷ cold, ${label}`,
        warm,
        `≤ ${budgets.warmBuildMaxRatio}`,
        warm <= budgets.warmBuildMaxRatio,
      ),
      verdict(
        `first visit + background, ${label} (KiB)`,
        figures.firstVisit / KiB,
        `≤ ${budgets.firstVisitMaxKiB}`,
        figures.firstVisit / KiB <= budgets.firstVisitMaxKiB,
      ),
      verdict(
        `search, first query, ${label} (KiB)`,
        figures.searchFirstQuery / KiB,
        `≤ ${budgets.searchFirstQueryMaxKiB}`,
        figures.searchFirstQuery / KiB <= budgets.searchFirstQueryMaxKiB,
      ),
      verdict(
        `search, committed queries answered, ${label}`,
        answered,
        `≥ ${budgets.searchHitRateMin}`,
        answered >= budgets.searchHitRateMin,
      ),
    );
  }
  // 今のページの予算（issue 20）。育ったサイトでは、サイドバーと見えているリンクのルート表のぶん重くなる（表に出す）。
  const scrolled = base.figures.docJsAfterScroll / KiB;
  verdicts.push(
    verdict(
      'doc JS after scrolling, 1× (KiB br)',
      scrolled,
      `≤ ${budgets.docJsAfterScrollMaxKiB}`,
      scrolled <= budgets.docJsAfterScrollMaxKiB,
    ),
  );
  return verdicts;
}
