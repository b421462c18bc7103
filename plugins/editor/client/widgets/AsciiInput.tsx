/**
 * 半角の英小文字・数字・ハイフンだけを書く欄（記事の URL の名前、開催事例の見出しの id）。スマートフォンのキーボードの
 * 自動の大文字・自動修正・綴りの確かめを切り、URL 向けのキーボードを出す。
 */
import React, {type ComponentProps, type ReactNode} from 'react';

type Props = Required<
  Pick<ComponentProps<'input'>, 'id' | 'value' | 'onChange' | 'onFocus' | 'onBlur'>
>;

export function AsciiInput(props: Props): ReactNode {
  return (
    <input
      className="denki-text-input"
      inputMode="url"
      autoCapitalize="none"
      autoCorrect="off"
      spellCheck={false}
      {...props}
    />
  );
}
