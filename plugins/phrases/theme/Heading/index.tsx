// Ejected: headings show build-time phrase breaks (<wbr>), and the original names the anchor link by the ASCII id whenever its children are not one string.
import type {ReactNode} from 'react';
import clsx from 'clsx';
import {translate} from '@docusaurus/Translate';
import {useAnchorTargetClassName} from '@docusaurus/theme-common';
import Link from '@docusaurus/Link';
import useBrokenLinks from '@docusaurus/useBrokenLinks';
import type {Props} from '@theme/Heading';
import Phrases from '@theme/Phrases';
import {textOf} from './text';
import {phraseBreaks} from '../../shared';
import './styles.module.css';

export default function Heading({as: As, id, children, ...props}: Props): ReactNode {
  const brokenLinks = useBrokenLinks();
  const anchorTargetClassName = useAnchorTargetClassName(id);
  // 文字列の見出し（ページ名・カード名など）はビルド時の文節で描く。Markdown の見出しは rehype が
  // 区切って印（class）を付けてあるので、文節が 1 つだけで文字列のままでも、そのまま描く。
  const splitByRehype = props.className?.split(' ').includes(phraseBreaks.className) ?? false;
  const content =
    typeof children === 'string' && !splitByRehype ? <Phrases text={children} /> : children;

  // h1 はページの題で目次に出ないので、id もリンクも付けない。
  if (As === 'h1' || !id) {
    return (
      <As {...props} id={undefined}>
        {content}
      </As>
    );
  }

  brokenLinks.collectAnchor(id);

  const anchorTitle = translate(
    {
      id: 'theme.common.headingLinkTitle',
      message: 'Direct link to {heading}',
      description: 'Title for link to heading',
    },
    {heading: textOf(children) || id},
  );

  return (
    <As {...props} className={clsx('anchor', anchorTargetClassName, props.className)} id={id}>
      {content}
      <Link
        className="hash-link"
        to={`#${id}`}
        aria-label={anchorTitle}
        title={anchorTitle}
        translate="no">
        &#8203;
      </Link>
    </As>
  );
}
