/**
 * エディターのヘッダーの「使い方」（/admin/help。../help.ts が組む静的なページ）へのリンク。Decap のヘッダーには
 * 足す口が無いので、ヘッダーのナビゲーションの一覧（「コンテンツ」「ワークフロー」）が出たら、その最後に 1 度だけ
 * 足す（Decap が描き直して消えたら、また足す）。新しいタブで開くので、書いている記事はそのまま残る。
 */
import {helpLinkId, helpPath} from '../shared-help';
import './help-link.css';

function addHelpLink(): void {
  if (document.getElementById(helpLinkId)) return;
  const list = document.querySelector('#nc-root header nav ul');
  if (!list) return;
  const item = document.createElement('li');
  item.className = 'denki-help-item';
  const link = document.createElement('a');
  link.id = helpLinkId;
  link.className = 'denki-help-link';
  link.href = helpPath;
  link.target = '_blank';
  link.rel = 'noopener';
  link.textContent = '使い方';
  item.append(link);
  list.append(item);
}

/** ヘッダーが出るのを見て、「使い方」を足す。 */
export function watchHelpLink(root: Element = document.body): void {
  new MutationObserver(addHelpLink).observe(root, {childList: true, subtree: true});
  addHelpLink();
}
