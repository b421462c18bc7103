import {Suspense, type ComponentType, type ReactNode} from 'react';

/**
 * React 19 はサーバーで描いた <Suspense> の中身を、ページの骨組みのあとで、短いタスクに分けて
 * ハイドレーションし、読者がその中を押したらそこを先にする（選択的ハイドレーション）。ページを開いた直後の
 * 主スレッドを、ナビゲーションバーのような先に押されるところに空けておく（issue 55）。
 * 中身が何も待たないので、クライアントでの遷移では普通に描かれ、代わりの表示（fallback）は出ない。
 */
export default function HydrateLater({children}: {children: ReactNode}): ReactNode {
  return <Suspense fallback={null}>{children}</Suspense>;
}

/** テーマの部品を HydrateLater で包んだもの（src/theme/ のラッパーが使う）。 */
export function hydratedLater<Props extends object>(
  Component: ComponentType<Props>,
): (props: Props) => ReactNode {
  return function HydratedLater(props: Props): ReactNode {
    return (
      <HydrateLater>
        <Component {...props} />
      </HydrateLater>
    );
  };
}
