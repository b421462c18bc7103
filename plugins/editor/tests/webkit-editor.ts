/**
 * エディターを WebKit（WebKitGTK の MiniBrowser と WebKitWebDriver）で操作する。tests/engines/webkit.ts の
 * startMiniBrowser で開き、文字の入力・ファイルの選択・要素のクリックに webdriverio の browser をそのまま使う
 * （EngineSession は browser を見せない）。
 */
import {startMiniBrowser} from '../../../tests/engines/webkit';

/** 待ち合わせの上限（状態を 100 ms ごとに確かめる。時間では待たない）。 */
const waitTimeoutMs = 20_000;

export type WebKitEditor = {
  readonly browser: WebdriverIO.Browser;
  close(): Promise<void>;
};

/** MiniBrowser を開き、表示領域を width × height にする。 */
export async function launchEditorWebKit(viewport: {
  readonly width: number;
  readonly height: number;
}): Promise<WebKitEditor> {
  const {browser, stop} = await startMiniBrowser({
    waitforTimeout: waitTimeoutMs,
    waitforInterval: 100,
  });
  try {
    // 窓の大きさと表示領域の差（ツールバーの分）を測り、表示領域を viewport にする。
    const outer = await browser.getWindowSize();
    const [innerWidth, innerHeight] = await browser.execute(() => [
      window.innerWidth,
      window.innerHeight,
    ]);
    await browser.setWindowSize(
      viewport.width + outer.width - innerWidth,
      viewport.height + outer.height - innerHeight,
    );
  } catch (error) {
    stop();
    throw error;
  }
  return {
    browser,
    async close() {
      await browser.deleteSession().catch(() => undefined);
      stop();
    },
  };
}

/** XPath の文字列リテラル（表示名に ' や " が入っても壊れない）。 */
function xpathLiteral(text: string): string {
  if (!text.includes("'")) return `'${text}'`;
  if (!text.includes('"')) return `"${text}"`;
  return `concat(${text
    .split("'")
    .map((part) => `'${part}'`)
    .join(`, "'", `)})`;
}

/** role と表示名（前後の空白を除いた文字）で要素を探す（Playwright の getByRole の代わり）。 */
export function byRole(
  browser: WebdriverIO.Browser,
  role: string,
  name: string,
): ChainablePromiseElement {
  return browser.$(`//*[@role=${xpathLiteral(role)} and normalize-space()=${xpathLiteral(name)}]`);
}

/** 表示名が name の button 要素。 */
export function button(browser: WebdriverIO.Browser, name: string): ChainablePromiseElement {
  return browser.$(`//button[normalize-space()=${xpathLiteral(name)}]`);
}

/** 文字が name の要素のうち、いちばん内側のもの（Playwright の getByText(name, {exact: true}) の代わり）。 */
export function byText(browser: WebdriverIO.Browser, name: string): ChainablePromiseElement {
  return browser.$(`//*[normalize-space(text())=${xpathLiteral(name)}]`);
}

/** 文字に text を含む要素のうち、いちばん内側のもの（Playwright の getByText(text) の代わり）。 */
export function containingText(
  browser: WebdriverIO.Browser,
  text: string,
): ChainablePromiseElement {
  return browser.$(`//*[text()[contains(normalize-space(), ${xpathLiteral(text)})]]`);
}

/**
 * ラベルの文字で入力を探す（label の for。Playwright の getByLabel の代わり）。
 * exact でなければ、ラベルの文字が label で始まるもの（「URL の名前 (任意)」「写真 1 の説明photo-1.jpg」）。
 */
export function byLabel(
  browser: WebdriverIO.Browser,
  label: string,
  {exact = true}: {exact?: boolean} = {},
): ChainablePromiseElement {
  const text = exact
    ? `normalize-space()=${xpathLiteral(label)}`
    : `starts-with(normalize-space(), ${xpathLiteral(label)})`;
  return browser.$(`//*[@id and @id=//label[${text}]/@for]`);
}

export type ChainablePromiseElement = ReturnType<WebdriverIO.Browser['$']>;

/** 変換の 1 区切り: reading は変換前に打つ読み、text は確定する文字。 */
export type ImeStep = {readonly reading: string; readonly text: string};

/**
 * ページの中で評価する（外の変数を使わない）: selector の入力欄に、日本語の入力（IME）で変換して確定する
 * ときのイベントを、Safari（WebKit）と同じ順に送る。WebDriver には IME で文字を組み立てる命令がない。
 * 区切りごとに compositionstart、読みを 1 文字ずつ伸ばす compositionupdate と input（insertCompositionText、
 * isComposing）、変換した文字への compositionupdate と input、確定の compositionend と、そのあとの input
 * （insertFromComposition。Safari は compositionend のあとに input を送る）。値は React が読む、要素の型の
 * value のセッターで書く（React が要素に付ける値の見張りを通らないので、React は入力として受け取る）。
 * 1 文字ごとに次の描画まで待ち、React が描き直してから次の文字を打つ。確定後の欄の値を返す。
 */
export async function composeText(selector: string, steps: readonly ImeStep[]): Promise<string> {
  const field = document.querySelector(selector);
  if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement)) {
    throw new Error(`入力欄がありません: ${selector}`);
  }
  const prototype =
    field instanceof HTMLTextAreaElement
      ? HTMLTextAreaElement.prototype
      : HTMLInputElement.prototype;
  const setValue = Object.getOwnPropertyDescriptor(prototype, 'value')?.set;
  if (!setValue) throw new Error('value のセッターがありません');
  const nextFrame = (): Promise<void> =>
    new Promise((resolve) => requestAnimationFrame(() => resolve()));
  const fire = (event: Event): void => {
    field.dispatchEvent(event);
  };
  const composition = (type: string, data: string): CompositionEvent =>
    new CompositionEvent(type, {bubbles: true, cancelable: type !== 'compositionend', data});
  const input = (type: string, inputType: string, data: string, isComposing: boolean): InputEvent =>
    new InputEvent(type, {
      bubbles: true,
      cancelable: type === 'beforeinput',
      inputType,
      data,
      isComposing,
    });
  const show = (before: string, text: string, isComposing: boolean, inputType: string): void => {
    fire(input('beforeinput', inputType, text, isComposing));
    if (isComposing) fire(composition('compositionupdate', text));
    setValue.call(field, before + text);
    field.setSelectionRange(before.length + text.length, before.length + text.length);
    fire(input('input', inputType, text, isComposing));
  };
  field.focus();
  for (const {reading, text} of steps) {
    const before = field.value;
    fire(composition('compositionstart', ''));
    for (let length = 1; length <= reading.length; length += 1) {
      show(before, reading.slice(0, length), true, 'insertCompositionText');
      await nextFrame();
    }
    show(before, text, true, 'insertCompositionText');
    await nextFrame();
    fire(composition('compositionend', text));
    fire(input('beforeinput', 'insertFromComposition', text, false));
    fire(input('input', 'insertFromComposition', text, false));
    await nextFrame();
  }
  return field.value;
}

type PageErrorLog = {denkiPageErrors?: string[]};

/**
 * ページで捕まえられなかった例外（error と、断られたまま捕まえられなかった Promise）を集め始める。WebDriver は
 * ページの例外を知らせないので、ページの中で聞く（ページを読み込むたびに呼ぶ。読み込みの途中の例外は数えない）。
 */
export async function watchPageErrors(browser: WebdriverIO.Browser): Promise<void> {
  await browser.execute(() => {
    const log = window as unknown as PageErrorLog;
    if (log.denkiPageErrors) return;
    const errors: string[] = [];
    log.denkiPageErrors = errors;
    window.addEventListener('error', (event) => {
      errors.push(String((event.error as Error | undefined)?.stack ?? event.message));
    });
    window.addEventListener('unhandledrejection', (event) => {
      const reason = event.reason as Error | undefined;
      errors.push(`Uncaught (in promise) ${String(reason?.stack ?? reason)}`);
    });
  });
}

/** watchPageErrors から、いまのページで集めた例外。 */
export function pageErrors(browser: WebdriverIO.Browser): Promise<string[]> {
  return browser.execute(() => (window as unknown as PageErrorLog).denkiPageErrors ?? []);
}
