// Wrapped: the desktop sidebar is hydrated after the page's frame, and not at all on a phone, where it is removed (issue 55).
import DocSidebarDesktop from '@theme-original/DocSidebar/Desktop';
import {hydratedLater} from '@site/src/components/HydrateLater';

export default hydratedLater(DocSidebarDesktop);
