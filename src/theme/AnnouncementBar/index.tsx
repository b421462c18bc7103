// Wrapped: when the bar's id changes, the theme re-activates it but leaves the pre-hydration
// "initially dismissed" attribute on <html>, so the new announcement stayed hidden.
import {useEffect, type ReactNode} from 'react';
import {createStorageSlot} from '@docusaurus/theme-common';
import {useAnnouncementBar} from '@docusaurus/theme-common/internal';
import AnnouncementBar from '@theme-original/AnnouncementBar';

const dismissedAttribute = 'data-announcement-bar-initially-dismissed';
const dismissStorage = createStorageSlot('docusaurus.announcement.dismiss');

export default function AnnouncementBarWrapper(): ReactNode {
  const {isActive} = useAnnouncementBar();
  useEffect(() => {
    if (!isActive) return undefined;
    // テーマ側の effect（新しい id なら閉じた記録を消す）が済んでから確かめる。
    const timer = window.setTimeout(() => {
      if (dismissStorage.get() !== 'true') {
        document.documentElement.setAttribute(dismissedAttribute, 'false');
      }
    });
    return () => window.clearTimeout(timer);
  }, [isActive]);
  return <AnnouncementBar />;
}
