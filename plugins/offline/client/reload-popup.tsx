/**
 * 新しい版が待っていることの案内。plugin-pwa の差し替えできる部品 @theme/PwaReloadPopup を、
 * ページの React とは別の根に描く（Service Worker の登録はページの描画より先に始まるため）。
 */
import {createRoot, type Root} from 'react-dom/client';
import type {Props} from '@theme/PwaReloadPopup';

const containerId = 'pwa-popup-container';
let root: Root | undefined;

function container(): HTMLElement {
  const existing = document.getElementById(containerId);
  if (existing) return existing;
  const created = document.createElement('div');
  created.id = containerId;
  return document.body.appendChild(created);
}

export async function showReloadPopup(props: Props): Promise<void> {
  const {default: ReloadPopup} = await import('@theme/PwaReloadPopup');
  root ??= createRoot(container());
  root.render(<ReloadPopup {...props} />);
}
