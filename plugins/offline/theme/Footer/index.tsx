// Wrapped: config cannot add components; the offline save control and the offline notice sit above the footer.
import type {ReactNode} from 'react';
import Footer from '@theme-init/Footer';
import type FooterType from '@theme/Footer';
import type {WrapperProps} from '@docusaurus/types';
import OfflineNotice from '../OfflineNotice';
import OfflineSave from '../OfflineSave';

type Props = WrapperProps<typeof FooterType>;

export default function FooterWrapper(props: Props): ReactNode {
  return (
    <>
      <OfflineSave />
      <OfflineNotice />
      <Footer {...props} />
    </>
  );
}
