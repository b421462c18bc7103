import React, {type ReactNode} from 'react';
import {highlightExcerpt} from './text';

export function Excerpt({
  html,
  terms,
  className,
}: {
  html: string;
  terms: readonly string[];
  className?: string;
}): ReactNode {
  return (
    <span className={className}>
      {highlightExcerpt(html, terms).map((part, i) =>
        part.marked ? <mark key={i}>{part.text}</mark> : part.text,
      )}
    </span>
  );
}
