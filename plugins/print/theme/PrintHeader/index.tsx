import type {ReactNode} from 'react';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {site} from '@site/src/constants/site';
import {useCanonicalPath} from '@site/src/utils/canonicalPath';

type Props = {
  readonly title: string;
  /** サイト内のパス（/docs/intro など）。 */
  readonly permalink: string;
};

/**
 * 印刷したときだけ紙の先頭に出る、ページ名とそのページの URL（../../styles.css）。
 * HTML に最初から入っているので、JavaScript なしで印刷しても出る。URL は外部リンクの URL と同じく
 * CSS の attr() で紙にだけ書く（画面の文字や読み上げには入れない）。
 */
export default function PrintHeader({title, permalink}: Props): ReactNode {
  const {siteConfig} = useDocusaurusContext();
  const canonicalPath = useCanonicalPath();
  const url = `${siteConfig.url}${canonicalPath(permalink)}`;
  return (
    <div className="denki-print-header">
      <p>
        {title}｜{site.title}
      </p>
      <p className="denki-print-url" data-url={url} />
    </div>
  );
}
