/**
 * issue 66: エディターは、ビルドと同じ決まりで開催事例を断る。決まりの一覧（shared-rules.ts の eventRules）の
 * 1 つずつに、その決まりだけを破る回を作り、ビルドの読み込み（load.ts の loadEvents。サイトの一時的な複製）と、
 * エディターの保存の前の確かめ（client/event-rules.ts。エディターに埋め込む設定の editorConfig から）に同じ回を渡して、
 * どちらも同じ欄を同じ文で断ることを確かめる。決まりを足して例を足し忘れると、このテストが止まる。ブラウザーを
 * 使わず、約 1 秒。
 */
import {cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {expect, test} from '@playwright/test';
import {editorConfig} from '../../editor/config';
import {eventFactsKey, eventsCollectionName} from '../../editor/shared';
import {eventFieldErrors} from '../../editor/client/event-rules';
import {EventDataError, loadEvents} from '../load';
import {eventsDir} from '../shared';
import {crossFieldRules, eventRules, fieldName, type EventData} from '../shared-rules';

/** 決まりを何も破らない新しい回。 */
const valid = {
  number: 9,
  anchor: 'new-event',
  name: '新しい回',
  region: '東京都',
  content: ['ハチ公口を出発点に逃げ回りました。'],
} satisfies EventData;

/** 報告の記事のある回（報告の記事が重なる決まりのため、どの複製にも置く）。 */
const reportedPost = '2025-03-16-docs-site-launch';
const reported = {...valid, number: 8, anchor: 'reported', report: `${reportedPost}/index`};

/** 決まりの id ごとの、その決まりを破る回。 */
const breaking: Readonly<Record<string, Record<string, unknown>>> = {
  'end-needs-start': {...valid, end: '2026-12-21'},
  'end-after-start': {...valid, start: '2026-12-21', end: '2026-12-20'},
  'start-in-month': {...valid, month: '2026-11', start: '2026-12-20'},
  'section-id-taken': {...valid, anchor: 'nagareyama-kashiwa-1'},
  'number-taken': {...valid, number: 1},
  'report-missing': {...valid, report: '2026-12-01-not-written/index'},
  'report-taken': {...valid, report: `${reportedPost}/index`},
};

/** サイトのうち、開催事例の決まりとエディターの設定が読むものだけの複製（いまの回と、報告の記事のある回）。 */
function siteWith(event: unknown): {dir: string; remove: () => void} {
  const dir = mkdtempSync(path.join(tmpdir(), 'denki-event-rules-'));
  cpSync(eventsDir, path.join(dir, eventsDir), {recursive: true});
  mkdirSync(path.join(dir, 'blog'));
  for (const entry of readdirSync('blog', {withFileTypes: true})) {
    const from = path.join('blog', entry.name);
    if (entry.isDirectory()) {
      mkdirSync(path.join(dir, from));
      writeFileSync(path.join(dir, from, 'index.md'), '');
    } else cpSync(from, path.join(dir, from));
  }
  writeFileSync(path.join(dir, eventsDir, 'reported.json'), JSON.stringify(reported));
  if (event !== undefined) {
    writeFileSync(path.join(dir, eventsDir, 'new-event.json'), JSON.stringify(event));
  }
  return {dir, remove: () => rmSync(dir, {recursive: true, force: true})};
}

/** ビルドが断った文（断らなければ ''）。 */
function buildRefusal(event: unknown): string {
  const site = siteWith(event);
  try {
    loadEvents(site.dir, '2026-12-01');
    return '';
  } catch (error) {
    if (error instanceof EventDataError) return error.message;
    throw error;
  } finally {
    site.remove();
  }
}

/** エディターが、組んだときの設定（新しい回のない複製から）で、新しい回の欄ごとに断る文。 */
function editorRefusals(event: unknown): ReadonlyMap<string, string> {
  const site = siteWith(undefined);
  try {
    const collection = editorConfig(site.dir).collections.find(
      (candidate) => candidate.name === eventsCollectionName,
    );
    if (!collection) throw new Error('エディターの設定に開催事例がありません');
    const immutable = (value: unknown) => ({get: () => undefined, toJS: () => value});
    return eventFieldErrors(event, undefined, {
      get: (key) => (key === eventFactsKey ? immutable(collection[eventFactsKey]) : undefined),
    });
  } finally {
    site.remove();
  }
}

test('決まりの一覧のどの決まりにも、それだけを破る例がある', () => {
  expect(Object.keys(breaking).sort()).toEqual(eventRules.map((rule) => rule.id).sort());
});

test('決まりを破らない回は、ビルドもエディターも断らない', () => {
  expect(buildRefusal(valid)).toBe('');
  expect([...editorRefusals(valid)]).toEqual([]);
});

for (const rule of eventRules) {
  test(`決まり「${rule.id}」: ビルドとエディターが、同じ欄（${rule.field}）を同じ文で断る`, () => {
    const event = breaking[rule.id];
    if (!event) throw new Error(`決まり「${rule.id}」を破る例がありません`);
    const inEditor = editorRefusals(event).get(rule.field);
    expect(inEditor, 'エディターが断らない').toBeTruthy();
    const crossField = crossFieldRules.find((candidate) => candidate.id === rule.id);
    if (crossField) expect(inEditor).toBe(crossField.message);
    const inBuild = buildRefusal(event);
    expect(inBuild).toContain(`${eventsDir}/new-event.json`);
    expect(inBuild).toContain(`${fieldName([rule.field])}: ${inEditor}`);
  });
}
