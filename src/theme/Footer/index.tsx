// Wrapped: the footer is hydrated after the page's frame, in short tasks (issue 55).
import type {ReactNode} from 'react';
import Footer from '@theme-original/Footer';
import type FooterType from '@theme/Footer';
import type {WrapperProps} from '@docusaurus/types';
import HydrateLater from '@site/src/components/HydrateLater';

type Props = WrapperProps<typeof FooterType>;

export default function FooterWrapper(props: Props): ReactNode {
  return (
    <HydrateLater>
      <Footer {...props} />
    </HydrateLater>
  );
}
