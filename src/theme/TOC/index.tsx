// Wrapped: the table of contents sat outside any landmark (axe "region"); it becomes a labelled nav, hydrated after the page's frame (issue 55).
import type {ReactNode} from 'react';
import {translate} from '@docusaurus/Translate';
import TOC from '@theme-original/TOC';
import type TOCType from '@theme/TOC';
import type {WrapperProps} from '@docusaurus/types';
import HydrateLater from '@site/src/components/HydrateLater';

type Props = WrapperProps<typeof TOCType>;

export default function TOCWrapper(props: Props): ReactNode {
  const label = translate({id: 'theme.TOC.navAriaLabel', message: 'このページの目次'});
  return (
    <nav aria-label={label}>
      <HydrateLater>
        <TOC {...props} />
      </HydrateLater>
    </nav>
  );
}
