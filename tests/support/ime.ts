/** 変換中（IME）の Enter を模した keydown。WebDriver にも Playwright にも IME で文字を組み立てる命令がない。 */
export type EnterKind = 'isComposing' | 'keyCode229' | 'plain';

/**
 * ページの中で評価する（外の変数を使わない）: 入力欄に Enter の keydown を送り、サイトがそれを
 * 処理した（defaultPrevented）かを返す。isComposing と古い形の keyCode 229 は変換中の Enter。
 * 入力欄は要素か selector で渡す: Playwright は locator.evaluate(dispatchEnter, how)、
 * WebKit と Gecko は session.evaluate(dispatchEnter, selector, how)。
 */
export function dispatchEnter(input: Element | string | null, how: EnterKind): boolean {
  const target = typeof input === 'string' ? document.querySelector(input) : input;
  const event = new KeyboardEvent('keydown', {
    key: 'Enter',
    code: 'Enter',
    isComposing: how === 'isComposing',
    bubbles: true,
    cancelable: true,
  });
  if (how === 'keyCode229') Object.defineProperty(event, 'keyCode', {value: 229});
  target?.dispatchEvent(event);
  return event.defaultPrevented;
}
