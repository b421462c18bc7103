/**
 * 文節で区切った名前（見出し、リンク、ボタン、表のセル）の、Chromium のアクセシビリティツリーでの名前が
 * 区切りの無い元の文字列と同じことを確かめる（issue 26 の 3）。
 *
 * 比べる相手は、同じ要素から文節の印（<wbr>、文節の span）を取り除いた写しの名前（ページに見えない形で
 * 置いて、同じツリーから読む）。見出しのリンク（「… への直接リンク」）や前後のページの矢印（«・»）のように、
 * 区切りと関係なく名前に付くものも、そうして同じ条件で比べられる。飾りの無い名前は、元の文字列とちょうど等しい。
 */
import type {Page} from '@playwright/test';

/** 幅のない文字（区切りに使われがちなもの）と、ソフトハイフン。 */
export const separators = /[\u200B\u200C\u00AD\uFEFF]/u;

/** 名前を中の文字から決める役割の要素のうち、文節の区切りを含むもの。 */
const splitNamed =
  ':is(a, h1, h2, h3, h4, h5, h6, button, th, td):is(:has(wbr), :has(.phrases), .phrases)';
/** 区切りの無い写しを置く、見えない入れ物の印。 */
const plainCopyAttribute = 'data-plain-copy';

type AXNode = {name?: {value?: string}};

export type NameSurvey = {
  readonly problems: string[];
  /** 調べた名前の数と、そのうち飾りが無く元の文字列とちょうど等しかった数。 */
  readonly total: number;
  readonly plain: number;
};

/** 要素の見える文字（見出しのリンクの記号と、読まれない要素を除く）。 */
function plainTexts(selector: string): string[] {
  return Array.from(document.querySelectorAll(selector), (element) => {
    const copy = element.cloneNode(true) as Element;
    for (const skipped of Array.from(copy.querySelectorAll('.hash-link, [aria-hidden="true"]')))
      skipped.remove();
    return (copy.textContent ?? '').replace(/\s+/gu, ' ').trim();
  });
}

/**
 * 各要素の写しから文節の印を取り除き、見えない入れ物（画面の外、読み上げには残る）に並べる。
 * 写しは元の親と同じ class の入れ物に入れ、CSS の生成する文字（«・»）も元と同じにする。
 */
function placePlainCopies([selector, attribute]: readonly [string, string]): void {
  const holder = document.createElement('div');
  holder.setAttribute(attribute, '');
  holder.style.cssText = 'position:absolute;left:-10000px;top:0;width:1000px;';
  for (const [index, element] of Array.from(document.querySelectorAll(selector)).entries()) {
    const copy = element.cloneNode(true) as Element;
    for (const wbr of Array.from(copy.querySelectorAll('wbr'))) wbr.remove();
    for (const span of Array.from(copy.querySelectorAll('span.phrase-keep, span.phrase-end')))
      span.replaceWith(...Array.from(span.childNodes));
    for (const named of [copy, ...Array.from(copy.querySelectorAll('[id]'))])
      named.removeAttribute('id');
    copy.classList.remove('phrases');
    copy.setAttribute(`${attribute}-index`, String(index));
    const parent = element.parentElement;
    const wrapper = document.createElement(
      parent?.tagName.toLowerCase() === 'tr' ? 'div' : (parent?.tagName ?? 'div'),
    );
    wrapper.className = parent?.className ?? '';
    // 表のセルは表の中でないと役割（セル）を持たないので、1 行の表に入れる。
    if (/^t[hd]$/iu.test(element.tagName)) {
      const table = document.createElement('table');
      table.insertRow().append(copy);
      holder.append(table);
    } else {
      wrapper.append(copy);
      holder.append(wrapper);
    }
  }
  document.body.append(holder);
}

async function axNames(page: Page, selector: string): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const {root} = await cdp.send('DOM.getDocument', {depth: 0});
    const {nodeIds} = await cdp.send('DOM.querySelectorAll', {nodeId: root.nodeId, selector});
    const names: string[] = [];
    for (const nodeId of nodeIds) {
      const {nodes} = (await cdp.send('Accessibility.getPartialAXTree', {
        nodeId,
        fetchRelatives: false,
      })) as {nodes: AXNode[]};
      names.push((nodes[0]?.name?.value ?? '').replace(/\s+/gu, ' ').trim());
    }
    return names;
  } finally {
    await cdp.detach();
  }
}

export async function splitNameProblems(page: Page): Promise<NameSurvey> {
  const texts = await page.evaluate(plainTexts, splitNamed);
  if (texts.length === 0)
    return {problems: ['文節で区切った名前がこのページに 1 つもない'], total: 0, plain: 0};
  const names = await axNames(page, `${splitNamed}:not([${plainCopyAttribute}] *)`);
  await page.evaluate(placePlainCopies, [splitNamed, plainCopyAttribute] as const);
  let unsplit: string[];
  try {
    unsplit = await axNames(page, `[${plainCopyAttribute}-index]`);
  } finally {
    await page.evaluate(
      (attribute) => document.querySelector(`[${attribute}]`)?.remove(),
      plainCopyAttribute,
    );
  }
  if (names.length !== texts.length || unsplit.length !== texts.length)
    return {
      problems: [
        `名前の数 ${names.length}・写しの名前の数 ${unsplit.length} ≠ 要素の数 ${texts.length}`,
      ],
      total: texts.length,
      plain: 0,
    };
  // 前後のページのリンクは、ラベルと題の間（別の箱）に空白と矢印（«・»、CSS の生成した文字）が入る。
  const squeeze = (value: string): string => value.replace(/[ «»]/gu, '');
  let plain = 0;
  const problems = names.flatMap((name, index) => {
    const text = texts[index] ?? '';
    if (name === text) plain += 1;
    // 区切りの無い写しと同じ名前で、元の文字列を欠けずに含み、区切りの文字も無い。
    return name === unsplit[index] &&
      squeeze(name).includes(squeeze(text)) &&
      !separators.test(name)
      ? []
      : [`「${name}」≠「${unsplit[index]}」（文字列「${text}」）`];
  });
  return {problems, total: names.length, plain};
}
