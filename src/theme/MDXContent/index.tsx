// Wrapped: the article body is hydrated after the page's frame, in short tasks (issue 55).
import MDXContent from '@theme-original/MDXContent';
import {hydratedLater} from '@site/src/components/HydrateLater';

export default hydratedLater(MDXContent);
