// Wrapped: the table of contents sat outside any landmark (axe "region"); it becomes a labelled nav.
import type {ReactNode} from 'react';
import {translate} from '@docusaurus/Translate';
import TOC from '@theme-original/TOC';
import type TOCType from '@theme/TOC';
import type {WrapperProps} from '@docusaurus/types';

type Props = WrapperProps<typeof TOCType>;

export default function TOCWrapper(props: Props): ReactNode {
  const label = translate({id: 'theme.TOC.navAriaLabel', message: 'このページの目次'});
  return (
    <nav aria-label={label}>
      <TOC {...props} />
    </nav>
  );
}
