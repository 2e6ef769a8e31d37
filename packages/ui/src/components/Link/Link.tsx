import { clsx } from 'clsx';
import { ExternalLink } from 'lucide-react';
import { forwardRef, type AnchorHTMLAttributes, type ReactNode } from 'react';
import { useUiTranslation } from '../../i18n';
import { visuallyHidden } from '../../styles/shared.css';
import type { NativeProps } from '../private/commonProps';
import * as styles from './Link.css';

export { linkStyles } from './Link.css';

export const linkUnderlines = ['always', 'hover'] as const;
export type LinkUnderline = (typeof linkUnderlines)[number];

/**
 * A native anchor's attributes (a router or a Radix trigger may set them) without
 * `className`/`style`: `underline` is the look (see private/commonProps.ts).
 */
export interface LinkProps extends NativeProps<AnchorHTMLAttributes<HTMLAnchorElement>> {
  href: string;
  children: ReactNode;
  /**
   * `always` (default) for links inside running text; `hover` for links that stand alone, whose
   * place already says they are links.
   */
  underline?: LinkUnderline;
  /** Opens in a new tab, safely (no opener), with an icon and the hint below for screen readers. */
  external?: boolean;
  /** Read after the text of an external link; defaults to the translated "(opens in a new tab)". */
  externalHint?: string;
}

/** A styled anchor. For client-side routing, give the router's link `className={linkStyles}`. */
export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link(
  { underline = 'always', external = false, externalHint, children, rel, target, ...rest },
  ref,
) {
  const { t } = useUiTranslation();
  const hint = externalHint ?? t('link.opensInNewTab');
  return (
    <a
      ref={ref}
      className={clsx(styles.linkStyles, underline === 'hover' && styles.underlineOnHover)}
      target={external ? '_blank' : target}
      rel={external ? clsx('noopener noreferrer', rel) : rel}
      {...rest}
    >
      {children}
      {external ? (
        <>
          <ExternalLink size="0.9em" className={styles.externalIcon} aria-hidden="true" />
          <span className={visuallyHidden}> {hint}</span>
        </>
      ) : null}
    </a>
  );
});
