// Ejected: the stock menu passes each item a new onClick on every render, so opening the phone menu re-rendered every item; the menu's own toggle is stable (issue 55).
import type {ReactNode} from 'react';
import {useThemeConfig} from '@docusaurus/theme-common';
import {useNavbarMobileSidebar} from '@docusaurus/theme-common/internal';
import NavbarItem, {type Props as NavbarItemConfig} from '@theme/NavbarItem';

export default function NavbarMobilePrimaryMenu(): ReactNode {
  const {toggle} = useNavbarMobileSidebar();
  const items = useThemeConfig().navbar.items as NavbarItemConfig[];
  return (
    <ul className="menu__list">
      {items.map((item, i) => (
        <NavbarItem mobile {...item} onClick={toggle} key={i} />
      ))}
    </ul>
  );
}
