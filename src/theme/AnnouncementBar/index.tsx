// Swizzled (ejected): the bar was a second "banner" landmark (axe), and when its id changes the theme
// re-activates it but leaves the pre-hydration "initially dismissed" attribute, so it stayed hidden.
import {useEffect, type ReactNode} from 'react';
import clsx from 'clsx';
import {translate} from '@docusaurus/Translate';
import {createStorageSlot, ThemeClassNames, useThemeConfig} from '@docusaurus/theme-common';
import {useAnnouncementBar} from '@docusaurus/theme-common/internal';
import AnnouncementBarCloseButton from '@theme/AnnouncementBar/CloseButton';
import AnnouncementBarContent from '@theme/AnnouncementBar/Content';
import styles from './styles.module.css';

const dismissedAttribute = 'data-announcement-bar-initially-dismissed';
const dismissStorage = createStorageSlot('docusaurus.announcement.dismiss');

/** 表示中なのに「最初から閉じていた」印が残っていれば外す（テーマ側の effect が済んでから）。 */
function useClearStaleDismissal(isActive: boolean): void {
  useEffect(() => {
    if (!isActive) return undefined;
    const timer = window.setTimeout(() => {
      if (dismissStorage.get() !== 'true') {
        document.documentElement.setAttribute(dismissedAttribute, 'false');
      }
    });
    return () => window.clearTimeout(timer);
  }, [isActive]);
}

export default function AnnouncementBar(): ReactNode {
  const {announcementBar} = useThemeConfig();
  const {isActive, close} = useAnnouncementBar();
  useClearStaleDismissal(isActive);
  if (!isActive || !announcementBar) return null;
  const {backgroundColor, textColor, isCloseable} = announcementBar;
  const label = translate({id: 'theme.AnnouncementBar.regionAriaLabel', message: 'お知らせ'});
  return (
    <div
      className={clsx(ThemeClassNames.announcementBar.container, styles.announcementBar)}
      style={{backgroundColor, color: textColor}}
      role="region"
      aria-label={label}>
      {isCloseable && <div className={styles.announcementBarPlaceholder} />}
      <AnnouncementBarContent className={styles.announcementBarContent} />
      {isCloseable && (
        <AnnouncementBarCloseButton onClick={close} className={styles.announcementBarClose} />
      )}
    </div>
  );
}
