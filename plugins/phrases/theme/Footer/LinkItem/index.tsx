// Wrapped: footer link labels are strings from the config; they are shown split into build-time phrases.
import type {ReactNode} from 'react';
import LinkItem from '@theme-init/Footer/LinkItem';
import type {Props} from '@theme/Footer/LinkItem';
import Phrases from '@theme/Phrases';

export default function FooterLinkItemWrapper({item}: Props): ReactNode {
  const label = item.label ? <Phrases text={item.label} /> : item.label;
  return <LinkItem item={{...item, label: label as string}} />;
}
