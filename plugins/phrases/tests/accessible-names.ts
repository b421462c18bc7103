/**
 * 文節で区切った名前（見出し、リンク、ボタン、表のセル）が、Chromium のアクセシビリティツリーで
 * 語が欠けず、区切りの文字も入らないことを確かめる（issue 26 の 3）。
 */
import type {Page} from '@playwright/test';

/** 幅のない文字（区切りに使われがちなもの）と、ソフトハイフン。 */
export const separators = /[\u200B\u200C\u00AD\uFEFF]/u;

/** 名前を中の文字から決める役割の要素のうち、文節の区切りを含むもの。 */
const splitNamed =
  ':is(a, h1, h2, h3, h4, h5, h6, button, th, td):is(:has(wbr), :has(.phrases), .phrases)';

type AXNode = {name?: {value?: string}};

export type NameSurvey = {
  readonly problems: string[];
  /** Chromium が <wbr> の位置に空白を入れた名前の数と、調べた名前の数。 */
  readonly spaced: number;
  readonly total: number;
};

export async function splitNameProblems(page: Page): Promise<NameSurvey> {
  // 期待する名前: 要素の文字（見出しのリンクの記号と、読まれない要素を除く）。
  const expected = await page.evaluate((selector) => {
    return Array.from(document.querySelectorAll(selector), (element) => {
      const copy = element.cloneNode(true) as Element;
      for (const skipped of Array.from(copy.querySelectorAll('.hash-link, [aria-hidden="true"]')))
        skipped.remove();
      return (copy.textContent ?? '').replace(/\s+/gu, ' ').trim();
    });
  }, splitNamed);
  if (expected.length === 0)
    return {problems: ['文節で区切った名前がこのページに 1 つもない'], spaced: 0, total: 0};

  const cdp = await page.context().newCDPSession(page);
  const {root} = await cdp.send('DOM.getDocument', {depth: 0});
  const {nodeIds} = await cdp.send('DOM.querySelectorAll', {
    nodeId: root.nodeId,
    selector: splitNamed,
  });
  const names: string[] = [];
  for (const nodeId of nodeIds) {
    const {nodes} = (await cdp.send('Accessibility.getPartialAXTree', {
      nodeId,
      fetchRelatives: false,
    })) as {nodes: AXNode[]};
    names.push((nodes[0]?.name?.value ?? '').replace(/\s+/gu, ' ').trim());
  }
  await cdp.detach();
  if (names.length !== expected.length)
    return {
      problems: [`名前の数 ${names.length} ≠ 要素の数 ${expected.length}`],
      spaced: 0,
      total: expected.length,
    };
  // Chromium は、<wbr> の位置（と inline-block の文節の前後）で、計算した名前に空白を 1 つ入れる。
  // 空白を除いた名前が元の文字を含むこと（語が欠けたり、区切りの文字が入ったりしない）を確かめ、
  // 空白の入った数を数える。名前には、見出しのリンク（「… への直接リンク」）、外部リンクの
  // 「（新しいタブで開きます）」、前後のページの矢印（«・»、CSS の生成した文字）も続く。
  const squeeze = (value: string): string => value.replace(/[ «»]/gu, '');
  let spaced = 0;
  const problems = names.flatMap((name, index) => {
    const text = expected[index] ?? '';
    if (name !== text && !name.startsWith(`${text} `)) spaced += 1;
    return squeeze(name).includes(squeeze(text)) && !separators.test(name)
      ? []
      : [`「${name}」≠「${text}」`];
  });
  return {problems, spaced, total: names.length};
}
