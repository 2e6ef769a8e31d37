import { linkStyles } from '@studio/ui';
import { forwardRef } from 'react';
import { Link, type LinkProps } from 'react-router-dom';

/** A client-side link drawn like the design system's Link. */
export const RouterLink = forwardRef<HTMLAnchorElement, LinkProps>(function RouterLink(
  { className, ...rest },
  ref,
) {
  return (
    <Link ref={ref} className={className ? `${linkStyles} ${className}` : linkStyles} {...rest} />
  );
});
