import type {ReactNode} from 'react';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {site} from '@site/src/constants/site';

type Props = {
  readonly title: string;
  /** サイト内のパス（/docs/intro など）。 */
  readonly permalink: string;
};

/**
 * 印刷したときだけ紙の先頭に出る、ページ名とそのページの URL（src/css/print.css）。
 * HTML に最初から入っているので、JavaScript なしで印刷しても出る。
 */
export default function PrintHeader({title, permalink}: Props): ReactNode {
  const {siteConfig} = useDocusaurusContext();
  const url = `${siteConfig.url}${permalink}`;
  return (
    <div className="denki-print-header">
      <p>
        {title}｜{site.title}
      </p>
      <p>{url}</p>
    </div>
  );
}
