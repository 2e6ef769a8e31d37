import { clsx } from 'clsx';
import { TriangleAlert } from 'lucide-react';
import { forwardRef, useId } from 'react';
import { useUiTranslation } from '../../i18n';
import { focusRing } from '../../styles/shared.css';
// The recipe rather than <Button>: the plain fallback must not depend on i18n at all.
import { button } from '../Button/Button.css';
import type { CommonProps } from '../private/commonProps';
import * as styles from './ErrorFallback.css';

/** Closed: the screen's own props, an id and a test id (see private/commonProps.ts). */
export interface ErrorFallbackProps extends CommonProps {
  /** What was thrown: an Error shows its message, anything else its string form. */
  error: unknown;
  /** Called by the Refresh Page button; reloads the page by default. */
  onRefresh?: () => void;
}

/** The text shown in the details box for whatever was thrown. */
export function errorText(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  if (typeof error === 'object' && error !== null && 'message' in error) {
    const { message } = error as { message: unknown };
    if (typeof message === 'string') return message;
  }
  return String(error);
}

const reloadPage = () => window.location.reload();

interface FallbackTexts {
  title: string;
  description: string;
  details: string;
  refreshButton: string;
}

const ErrorFallbackView = forwardRef<HTMLElement, ErrorFallbackProps & { texts: FallbackTexts }>(
  function ErrorFallbackView({ error, onRefresh = reloadPage, texts, ...common }, ref) {
    const titleId = useId();
    const detailsId = useId();
    const message = errorText(error);
    return (
      <section ref={ref} aria-labelledby={titleId} className={styles.page} {...common}>
        <div className={styles.content}>
          <span className={styles.icon} aria-hidden="true">
            <TriangleAlert size={28} />
          </span>
          <h1 id={titleId} className={styles.title}>
            {texts.title}
          </h1>
          <p className={styles.description}>{texts.description}</p>
          {message ? (
            <div className={styles.details}>
              <span id={detailsId} className={styles.detailsLabel}>
                {texts.details}
              </span>
              <pre
                role="region"
                aria-labelledby={detailsId}
                // Focusable so a keyboard user can scroll a long stack trace (WCAG 2.1.1).
                // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
                tabIndex={0}
                className={clsx(styles.detailsBox, focusRing)}
              >
                {message}
              </pre>
            </div>
          ) : null}
          <button
            type="button"
            className={button({ variant: 'primary', size: 'lg' })}
            onClick={onRefresh}
          >
            {texts.refreshButton}
          </button>
        </div>
      </section>
    );
  },
);

const englishTexts: FallbackTexts = {
  title: 'Something went wrong',
  description: "We're sorry, but something unexpected happened. Please try refreshing the page.",
  details: 'Error details',
  refreshButton: 'Refresh Page',
};

/**
 * The full-page error screen in fixed English: safe to render even when i18n itself is what
 * failed. Use TranslatedErrorFallback once translations are known to work.
 */
export const ErrorFallback = forwardRef<HTMLElement, ErrorFallbackProps>(
  function ErrorFallback(props, ref) {
    return <ErrorFallbackView ref={ref} texts={englishTexts} {...props} />;
  },
);

/** The same screen with its texts from the `ui` namespace (error.boundary.*). */
export const TranslatedErrorFallback = forwardRef<HTMLElement, ErrorFallbackProps>(
  function TranslatedErrorFallback(props, ref) {
    const { t } = useUiTranslation();
    const texts: FallbackTexts = {
      title: t('error.boundary.title'),
      description: t('error.boundary.description'),
      details: t('error.boundary.details'),
      refreshButton: t('error.boundary.refreshButton'),
    };
    return <ErrorFallbackView ref={ref} texts={texts} {...props} />;
  },
);
