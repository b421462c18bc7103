import {useEffect} from 'react';
import useIsBrowser from '@docusaurus/useIsBrowser';

function isEditable(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/** 検索を開くキーか。Ctrl+K・⌘K はどこでも、/ は入力欄の外でだけ。IME 変換中は無視する。 */
export function isSearchShortcut(event: KeyboardEvent): boolean {
  if (event.isComposing || event.keyCode === 229 || event.altKey) return false;
  if (event.key.toLowerCase() === 'k' && (event.ctrlKey || event.metaKey) && !event.shiftKey) {
    return true;
  }
  return event.key === '/' && !event.ctrlKey && !event.metaKey && !isEditable(event.target);
}

export function useSearchShortcuts(open: () => void): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent): void => {
      if (!isSearchShortcut(event)) return;
      event.preventDefault();
      open();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);
}

function isApplePlatform(): boolean {
  const nav = navigator as Navigator & {userAgentData?: {platform?: string}};
  return /mac|iphone|ipad/i.test(nav.userAgentData?.platform ?? nav.platform ?? '');
}

/** ボタンに添えるショートカットの表示。サーバー描画では Ctrl K、Apple の端末では ⌘ K。 */
export function useShortcutHint(): string {
  const isBrowser = useIsBrowser();
  return isBrowser && isApplePlatform() ? '⌘ K' : 'Ctrl K';
}
