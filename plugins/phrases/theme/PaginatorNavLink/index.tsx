// Wrapped: the previous/next page name is a string the theme renders; it is shown split into build-time phrases.
import type {ReactNode} from 'react';
import PaginatorNavLink from '@theme-init/PaginatorNavLink';
import type {Props} from '@theme/PaginatorNavLink';
import Phrases from '@theme/Phrases';

export default function PaginatorNavLinkWrapper(props: Props): ReactNode {
  return <PaginatorNavLink {...props} title={<Phrases text={String(props.title)} optional />} />;
}
