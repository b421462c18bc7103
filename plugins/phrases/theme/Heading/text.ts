import {isValidElement, type ReactNode} from 'react';

/** React の子要素が表す文字列（<wbr> などの要素は中の文字だけ）。見出しのリンクの名前に使う。 */
export function textOf(node: ReactNode): string {
  if (typeof node === 'string' || typeof node === 'number') return String(node);
  if (Array.isArray(node)) return node.map(textOf).join('');
  if (isValidElement<{children?: ReactNode}>(node)) return textOf(node.props.children);
  return '';
}
