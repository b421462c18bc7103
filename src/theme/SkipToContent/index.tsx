// Wrapped: the theme focuses <main> and then removes its tabindex, so Chromium drops focus back to <body>.
import type {ReactNode} from 'react';
import SkipToContent from '@theme-original/SkipToContent';

const fallbackId = '__docusaurus_skipToContent_fallback';

/** テーマのリンクの処理のあとで、本文に tabindex="-1" を残したままフォーカスを置き直す。 */
function keepFocusOnMain(): void {
  const target =
    document.querySelector<HTMLElement>('main:first-of-type') ??
    document.getElementById(fallbackId);
  if (!target) return;
  target.setAttribute('tabindex', '-1');
  target.focus();
}

export default function SkipToContentWrapper(): ReactNode {
  return (
    <div onClick={keepFocusOnMain}>
      <SkipToContent />
    </div>
  );
}
