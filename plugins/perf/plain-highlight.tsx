// prism-react-renderer の代わり（同じ API の最小版）: 行に分けるだけで色付けはしない。コードブロックのないサイト用。
import type {CSSProperties, ReactNode} from 'react';

type Token = {types: string[]; content: string; empty?: boolean};
type Props = {className?: string; style?: CSSProperties; [key: string]: unknown};

type RenderProps = {
  className: string;
  style: CSSProperties;
  tokens: Token[][];
  getLineProps: (input: {line: Token[]; className?: string} & Props) => Props;
  getTokenProps: (input: {token: Token; className?: string} & Props) => Props & {children: string};
};

export const Prism = {languages: {} as Record<string, unknown>, util: {}, hooks: {add() {}}};

export const themes = {};

export function Highlight({
  code,
  language,
  children,
}: {
  code: string;
  language?: string;
  children: (props: RenderProps) => ReactNode;
}): ReactNode {
  const tokens = code
    .replace(/\n$/, '')
    .split('\n')
    .map((content) => [{types: ['plain'], content, empty: content === ''}]);
  return children({
    className: `prism-code language-${language ?? 'text'}`,
    style: {},
    tokens,
    getLineProps: ({line, className, ...rest}) => {
      void line; // 行の中身は DOM 属性にしない
      return {...rest, className: ['token-line', className].filter(Boolean).join(' ')};
    },
    getTokenProps: ({token, className, ...rest}) => ({
      ...rest,
      className: ['token', ...token.types, className].filter(Boolean).join(' '),
      children: token.empty ? '\n' : token.content,
    }),
  });
}
