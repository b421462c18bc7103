// Wrapped: sidebar link labels are strings the theme renders; they are shown split into build-time phrases.
import type {ReactNode} from 'react';
import Link from '@theme-init/DocSidebarItem/Link';
import type {Props} from '@theme/DocSidebarItem/Link';
import Phrases from '@theme/Phrases';

export default function DocSidebarItemLinkWrapper({item, ...props}: Props): ReactNode {
  const label = <Phrases text={item.label} />;
  return <Link {...props} item={{...item, label: label as unknown as string}} />;
}
