// Wrapped: the footer is hydrated after the page's frame, in short tasks (issue 55).
import Footer from '@theme-original/Footer';
import {hydratedLater} from '@site/src/components/HydrateLater';

export default hydratedLater(Footer);
