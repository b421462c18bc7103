// Wrapped: the desktop sidebar is hydrated after the page's frame, and not at all on a phone, where it is removed (issue 55).
import type {ReactNode} from 'react';
import DocSidebarDesktop from '@theme-original/DocSidebar/Desktop';
import type DocSidebarDesktopType from '@theme/DocSidebar/Desktop';
import type {WrapperProps} from '@docusaurus/types';
import HydrateLater from '@site/src/components/HydrateLater';

type Props = WrapperProps<typeof DocSidebarDesktopType>;

export default function DocSidebarDesktopWrapper(props: Props): ReactNode {
  return (
    <HydrateLater>
      <DocSidebarDesktop {...props} />
    </HydrateLater>
  );
}
