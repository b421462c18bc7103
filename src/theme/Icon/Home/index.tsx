// Wrapped: the breadcrumb's home link is already named 「ホーム」; its icon is decoration, hidden from assistive technology.
import type {ReactNode} from 'react';
import IconHome from '@theme-original/Icon/Home';
import type IconHomeType from '@theme/Icon/Home';
import type {WrapperProps} from '@docusaurus/types';

type Props = WrapperProps<typeof IconHomeType>;

export default function IconHomeWrapper(props: Props): ReactNode {
  return <IconHome {...props} aria-hidden="true" />;
}
