// Ejected: the stock menu passed the sidebar a new onItemClick on every render, so opening the phone menu re-rendered the whole sidebar; the callback is now stable (issue 55).
import React, {useCallback, type ReactNode} from 'react';
import clsx from 'clsx';
import {NavbarSecondaryMenuFiller, ThemeClassNames} from '@docusaurus/theme-common';
import {useNavbarMobileSidebar} from '@docusaurus/theme-common/internal';
import type {PropSidebarItem} from '@docusaurus/plugin-content-docs';
import DocSidebarItems from '@theme/DocSidebarItems';
import type {Props} from '@theme/DocSidebar/Mobile';

function DocSidebarMobileSecondaryMenu({sidebar, path}: Props): ReactNode {
  const {toggle} = useNavbarMobileSidebar();
  // A category closes the menu only when it is itself a page.
  const onItemClick = useCallback(
    (item: PropSidebarItem) => {
      if (item.type === 'link' || (item.type === 'category' && item.href)) toggle();
    },
    [toggle],
  );
  return (
    <ul className={clsx(ThemeClassNames.docs.docSidebarMenu, 'menu__list')}>
      <DocSidebarItems items={sidebar} activePath={path} onItemClick={onItemClick} level={1} />
    </ul>
  );
}

function DocSidebarMobile(props: Props): ReactNode {
  return <NavbarSecondaryMenuFiller component={DocSidebarMobileSecondaryMenu} props={props} />;
}

export default React.memo(DocSidebarMobile);
