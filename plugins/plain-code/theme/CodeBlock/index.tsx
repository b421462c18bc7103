// Ejected: the site has no code blocks; the stock one ships highlighting, copy and wrap buttons to every page with MDX.
import type {ReactNode} from 'react';
import clsx from 'clsx';
import type {Props} from '@theme/CodeBlock';

/** 色付けもボタンもない、素の整形済みテキスト。横にはみ出すときはキーボードでもスクロールできる。 */
export default function CodeBlock({children, className, title}: Props): ReactNode {
  return (
    <div className="margin-bottom--lg">
      {title ? <div className="text--bold margin-bottom--xs">{title}</div> : null}
      <pre className={clsx(className)} tabIndex={0}>
        <code>{children}</code>
      </pre>
    </div>
  );
}
