// Wrapped: sidebar link labels are strings the theme renders; they are shown split into the build-time phrases carried in the item's customProps.
import type {ReactNode} from 'react';
import Link from '@theme-init/DocSidebarItem/Link';
import type {Props} from '@theme/DocSidebarItem/Link';
import Phrases from '@theme/Phrases';
import {labelPhrases} from '../../../shared';

export default function DocSidebarItemLinkWrapper({item, ...props}: Props): ReactNode {
  const label = <Phrases text={item.label} phrases={labelPhrases(item.customProps, item.label)} />;
  return <Link {...props} item={{...item, label: label as unknown as string}} />;
}
