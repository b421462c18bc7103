/**
 * 「保存」（と、編集の流れの無いときの「公開」）を断ったとき、理由が画面に見えるようにする。Decap は、入っていない
 * 必須の欄のときだけ知らせを出し、形の違い・欄の部品の確かめ・コレクションの決まり（entry-rules.ts）では何も出さず、
 * 欄の下の赤い文は画面の外（長いフォームの上のほう）にあることが多い。Decap が保存を断るところ（persistEntry と
 * persistUnpublishedEntry。decap-validation-patches.ts）から呼ばれ、どの理由でも、画面で最初の断った欄の名前と
 * 理由を知らせに出し、その欄まで動かして、欄に入力を移す。
 */

type FieldError = {readonly type?: string; readonly message?: unknown};
type FieldsErrors = {readonly toJS: () => Record<string, readonly FieldError[] | undefined>};

/** 欄の名前（Decap が任意の欄に付ける「(任意)」を除く）。 */
function labelText(label: HTMLElement): string {
  const copy = label.cloneNode(true) as HTMLElement;
  copy.querySelectorAll('span').forEach((span) => span.remove());
  return (copy.textContent ?? '').trim();
}

/** Decap の文から、欄の名前の繰り返しを除いた理由（「開催の初日: 2026-12-20 の形で…」→「2026-12-20 の形で…」）。 */
function reasonOf(error: FieldError | undefined, label: string): string {
  if (error?.type === 'PRESENCE') return '入っていません（必須の欄です）';
  const message = typeof error?.message === 'string' ? error.message.trim() : '';
  if (!message) return '正しくありません';
  return message.startsWith(`${label}: `) ? message.slice(label.length + 2) : message;
}

/** 欄の入力（欄の部品の id の要素か、その中の最初の入力）。入力が無ければ、その要素を入力を移せるものにする。 */
function focusTarget(id: string, label: HTMLElement): HTMLElement {
  const element = document.getElementById(id);
  const inputs = 'input:not([type=hidden]), textarea, select, button, [contenteditable="true"]';
  const input = element?.matches(inputs) ? element : element?.querySelector<HTMLElement>(inputs);
  if (input) return input;
  const target = element ?? label;
  if (!target.hasAttribute('tabindex')) target.tabIndex = -1;
  return target;
}

/** 断った欄のうち、画面でいちばん上のもの（欄の名前の label[for] の並び）。 */
function firstRefused(errors: Record<string, readonly FieldError[] | undefined>) {
  const refused = Object.entries(errors).flatMap(([id, list]) => {
    const label = list?.length
      ? document.querySelector<HTMLElement>(`label[for="${CSS.escape(id)}"]`)
      : null;
    return label ? [{id, label, error: list?.[0]}] : [];
  });
  refused.sort((a, b) =>
    a.label.compareDocumentPosition(b.label) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1,
  );
  return {first: refused[0], count: refused.length};
}

/** 断った理由の知らせの文。 */
export function refusalNotice(label: string, reason: string, others: number): string {
  const more = others > 0 ? `（ほかにも直す欄が ${others} つあります）` : '';
  return `「${label}」を直してください: ${reason}${more}`;
}

/**
 * 保存を断ったときに Decap から呼ばれる。notify は Decap の知らせ（画面の上に出る）。欄の赤い文は、このあと Decap が
 * 描くので、欄へ動くのは次の描画のあと。
 */
export function showRefusal(fieldsErrors: FieldsErrors, notify: (message: string) => void): void {
  const {first, count} = firstRefused(fieldsErrors.toJS());
  if (!first) {
    notify('保存できませんでした。赤く示した欄を確かめてください。');
    return;
  }
  const label = labelText(first.label);
  notify(refusalNotice(label, reasonOf(first.error, label), count - 1));
  requestAnimationFrame(() => {
    const target = focusTarget(first.id, first.label);
    target.focus({preventScroll: true});
    // 欄の名前と赤い文（欄の上の行）から見えるように。画面より高い欄（本文など）は上を合わせる。
    const container = first.label.parentElement?.parentElement ?? first.label;
    const fits = container.getBoundingClientRect().height < window.innerHeight * 0.6;
    container.scrollIntoView({block: fits ? 'center' : 'start'});
  });
}
