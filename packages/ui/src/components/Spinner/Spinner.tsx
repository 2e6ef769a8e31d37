import { forwardRef } from 'react';
import { useUiTranslation } from '../../i18n';
import { visuallyHidden } from '../../styles/shared.css';
import type { CommonProps } from '../private/commonProps';
import * as styles from './Spinner.css';

export const spinnerSizes = ['small', 'medium', 'large'] as const;
export type SpinnerSize = (typeof spinnerSizes)[number];
/** `true` covers the positioned parent; `'fullscreen'` covers the whole viewport. */
export type SpinnerOverlay = boolean | 'fullscreen';

/** Closed: the spinner's own props, an id and a test id (see private/commonProps.ts). */
export interface SpinnerProps extends CommonProps {
  size?: SpinnerSize;
  overlay?: SpinnerOverlay;
  /**
   * What is loading. Defaults to the translated "Loading…". Shown next to the spinner when given
   * or in an overlay; otherwise only announced to screen readers.
   */
  text?: string;
}

/** A loading indicator announced politely to assistive technology. */
export const Spinner = forwardRef<HTMLDivElement, SpinnerProps>(function Spinner(
  { size = 'medium', overlay = false, text, ...common },
  ref,
) {
  const { t } = useUiTranslation();
  const inOverlay = overlay !== false;
  const showText = text !== undefined || inOverlay;

  const indicator = (
    <div
      ref={inOverlay ? undefined : ref}
      role="status"
      aria-live="polite"
      className={styles.status({ size, panel: inOverlay })}
      {...(inOverlay ? {} : common)}
    >
      <span className={styles.ring({ size })} aria-hidden="true" />
      <span className={showText ? styles.label : visuallyHidden}>{text ?? t('loading')}</span>
    </div>
  );

  if (!inOverlay) return indicator;
  return (
    <div
      ref={ref}
      className={styles.overlay({ scope: overlay === 'fullscreen' ? 'fullscreen' : 'parent' })}
      {...common}
    >
      {indicator}
    </div>
  );
});
