// Wrapped: Mermaid labels its SVG with English roles ("flowchart-v2"), which screen readers announce,
// and it loads and lays out every diagram on page load; here a diagram renders when it nears the viewport.
import {useEffect, useRef, useState, type ReactNode} from 'react';
import Mermaid from '@theme-original/Mermaid';
import type MermaidType from '@theme/Mermaid';
import type {WrapperProps} from '@docusaurus/types';
import styles from './styles.module.css';

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

/** 画面に近づいたら true になる。 */
function useNearViewport(ref: React.RefObject<HTMLElement | null>): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || near) return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      {rootMargin: '400px 0px'},
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, near]);
  return near;
}

export default function MermaidWrapper(props: Props): ReactNode {
  const ref = useRef<HTMLDivElement>(null);
  const near = useNearViewport(ref);
  useEffect(() => {
    const container = ref.current;
    if (!container || !near) return undefined;
    const update = (): void =>
      container.querySelectorAll('svg[aria-roledescription]').forEach(localizeRole);
    update();
    const observer = new MutationObserver(update);
    observer.observe(container, {childList: true, subtree: true});
    return () => observer.disconnect();
  }, [near]);
  return (
    <div ref={ref} className={near ? 'denki-mermaid' : `denki-mermaid ${styles.placeholder}`}>
      {near && <Mermaid {...props} />}
    </div>
  );
}
