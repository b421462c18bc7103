// Wrapped: the admonition's title already says what kind it is; its icon is decoration, hidden from assistive technology.
import {cloneElement, isValidElement, type ReactNode, type SVGProps} from 'react';
import Layout from '@theme-original/Admonition/Layout';
import type LayoutType from '@theme/Admonition/Layout';
import type {WrapperProps} from '@docusaurus/types';

type Props = WrapperProps<typeof LayoutType>;

export default function AdmonitionLayoutWrapper({icon, ...props}: Props): ReactNode {
  const decorative = isValidElement<SVGProps<SVGSVGElement>>(icon)
    ? cloneElement(icon, {'aria-hidden': true})
    : icon;
  return <Layout {...props} icon={decorative} />;
}
