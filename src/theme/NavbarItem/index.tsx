// Wrapped: memo, so opening or closing the phone menu does not re-render every navbar item (issue 55).
import {memo} from 'react';
import NavbarItem from '@theme-original/NavbarItem';

export default memo(NavbarItem);
