/**
 * エディターの画面の、押せるもの・書けるもの（ボタン、リンク、入力）の読み上げの名前を調べる（issue 61）。名前は
 * 日本語で（英語の語が 2 つ続かない）、見える文字があれば、その文字（記号と空白を除く）を含む（音声で見える文字を
 * 言えば押せる。「＋ 記事」は「記事」で見つかる）。名前は Playwright の ariaSnapshot（Chromium のアクセシビリティ
 * ツリー）から読む。
 */
import type {Locator, Page} from '@playwright/test';

const controls =
  'a[href], button, input:not([type=hidden]), select, textarea, [role=button], [role=link], [role=tab], [role=menuitem], [role=option], [role=checkbox], [role=switch], [role=combobox]';

/** ariaSnapshot の最初の行「- button "名前"」の名前（名前が無ければ ''）。 */
function snapshotName(snapshot: string): string {
  const first = snapshot.split('\n')[0] ?? '';
  const quoted = /^- [\w-]+ "((?:[^"\\]|\\.)*)"/u.exec(first);
  return quoted ? JSON.parse(`"${quoted[1]}"`) : '';
}

/** 文字と数字だけ（記号と空白を除く）。 */
const letters = (text: string): string => text.replace(/[^\p{L}\p{N}]/gu, '');

const japanese = /[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}]/u;
/** 英語の語が 2 つ続く（「List view option」「Create entry」）。 */
const englishWords = /[A-Za-z]{2,}\s+[A-Za-z]{2,}/u;
/** 日本語に混ざっても英語とわかる、操作の語（react-select の「Remove まつり（matsuri）」など）。 */
const englishUiWord =
  /\b(?:remove|select|clear|toggle|option|view|dropdown|account|create|entry|delete|publish|save|close|expand|collapse|add|choose|edit|search|back|menu|loading|field|notes?|cancel|open|more|next|previous|log ?out|sort|filter|group|list|grid)\b/iu;

export type ControlName = {readonly name: string; readonly text: string; readonly html: string};

/** 画面に見えている操作の、名前と見える文字。 */
export async function controlNames(page: Page): Promise<ControlName[]> {
  const found: ControlName[] = [];
  for (const control of await page.locator(controls).all()) {
    if (!(await isShown(control))) continue;
    const [snapshot, text, html] = await Promise.all([
      control.ariaSnapshot(),
      control.evaluate((element) => (element as HTMLElement).innerText ?? ''),
      control.evaluate((element) => element.outerHTML.slice(0, 120)),
    ]);
    found.push({name: snapshotName(snapshot), text: text.trim(), html});
  }
  return found;
}

/** 見えているか（見えなくしたファイルの入力は、それを包むラベルが見えていれば数える）。 */
async function isShown(control: Locator): Promise<boolean> {
  return control.evaluate((element) => {
    const target = element.closest('label:has(> input[type=file])') ?? element;
    const box = target.getBoundingClientRect();
    const style = getComputedStyle(target);
    return box.width > 0 && box.height > 0 && style.visibility !== 'hidden';
  });
}

/** 名前の問題（「名前「List view option」が日本語でない: <button …>」の形）。 */
export function nameProblems(names: readonly ControlName[]): string[] {
  return names.flatMap(({name, text, html}) => {
    if (!name) return [`名前が無い: ${html}`];
    const problems: string[] = [];
    if (!japanese.test(name) || englishWords.test(name) || englishUiWord.test(name))
      problems.push(`名前「${name}」が日本語でない: ${html}`);
    if (letters(text) && !letters(name).includes(letters(text)))
      problems.push(`名前「${name}」が見える文字「${text}」を含まない: ${html}`);
    return problems;
  });
}
