import React, {type ReactNode} from 'react';
import {PhraseParts, type SplitPhrases} from './line-breaks';
import {highlightExcerpt} from './text';

export function Excerpt({
  html,
  terms,
  split,
  className,
}: {
  html: string;
  terms: readonly string[];
  split: SplitPhrases;
  className?: string;
}): ReactNode {
  return <PhraseParts parts={highlightExcerpt(html, terms)} split={split} className={className} />;
}
