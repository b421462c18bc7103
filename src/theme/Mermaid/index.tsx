// Wrapped: Mermaid labels its SVG with English roles ("flowchart-v2"), which screen readers announce.
import {useEffect, useRef, type ReactNode} from 'react';
import Mermaid from '@theme-original/Mermaid';
import type MermaidType from '@theme/Mermaid';
import type {WrapperProps} from '@docusaurus/types';

type Props = WrapperProps<typeof MermaidType>;

const roleNames: Readonly<Record<string, string>> = {
  'flowchart-v2': 'フローチャート',
  flowchart: 'フローチャート',
  stateDiagram: '状態遷移図',
  sequence: 'シーケンス図',
};

/** SVG の aria-roledescription を日本語に置き換える。 */
export function localizeRole(svg: Element): void {
  const role = svg.getAttribute('aria-roledescription');
  if (role && !/[ぁ-んァ-ン一-龠]/.test(role)) {
    svg.setAttribute('aria-roledescription', roleNames[role] ?? '図');
  }
}

export default function MermaidWrapper(props: Props): ReactNode {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const container = ref.current;
    if (!container) return undefined;
    const update = (): void =>
      container.querySelectorAll('svg[aria-roledescription]').forEach(localizeRole);
    update();
    const observer = new MutationObserver(update);
    observer.observe(container, {childList: true, subtree: true});
    return () => observer.disconnect();
  }, []);
  return (
    <div ref={ref}>
      <Mermaid {...props} />
    </div>
  );
}
