/** 1 つのサイト（配信中）のルートごとの数値をまとめる。 */
import type {Browser} from '@playwright/test';
import {filesBytes, firstLoadBytes} from './bytes';
import {probeLoad, type LoadProbe} from './browser';
import type {LighthouseRun} from './lighthouse';
import {spread} from './stats';
import type {ImageResource, LighthouseFigures, RouteResult} from './types';

export function summarizeLighthouse(
  runs: readonly LighthouseRun[],
  failedRuns: number,
): LighthouseFigures | null {
  if (runs.length === 0) return null;
  const pick = (
    key: keyof Omit<LighthouseRun, 'largestImage' | 'lighthouseVersion' | 'mainThread'>,
  ) => spread(runs.map((run) => run[key]));
  return {
    performance: pick('performance'),
    accessibility: pick('accessibility'),
    bestPractices: pick('bestPractices'),
    seo: pick('seo'),
    fcpMs: pick('fcpMs'),
    lcpMs: pick('lcpMs'),
    tbtMs: pick('tbtMs'),
    cls: pick('cls'),
    failedRuns,
  };
}

function largest(images: readonly (ImageResource | null | undefined)[]): ImageResource | null {
  return images.reduce<ImageResource | null>(
    (best, image) => (image && (best === null || image.bytes > best.bytes) ? image : best),
    null,
  );
}

export async function probeRoutes(
  browser: Browser | null,
  baseUrl: string,
  routes: readonly string[],
): Promise<Map<string, LoadProbe | null>> {
  const probes = new Map<string, LoadProbe | null>();
  for (const route of routes) {
    if (!browser) {
      probes.set(route, null);
      continue;
    }
    try {
      probes.set(route, await probeLoad(browser, baseUrl, route));
    } catch (error) {
      console.warn(`[bench] ${baseUrl}${route} の読み込みを測れませんでした: ${String(error)}`);
      probes.set(route, null);
    }
  }
  return probes;
}

export function routeResult(options: {
  readonly buildDir: string;
  readonly route: string;
  readonly probe: LoadProbe | null;
  readonly lighthouseRuns: readonly LighthouseRun[];
  readonly failedRuns: number;
}): RouteResult {
  const {buildDir, route, probe, lighthouseRuns} = options;
  const scripts = probe?.scripts ?? [];
  return {
    route,
    bytes: firstLoadBytes(buildDir, route),
    loadedJs: probe ? {...filesBytes(buildDir, scripts), files: scripts} : null,
    largestImage: largest([probe?.largestImage, ...lighthouseRuns.map((run) => run.largestImage)]),
    lighthouse: summarizeLighthouse(lighthouseRuns, options.failedRuns),
  };
}
