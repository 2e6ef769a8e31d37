import { Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router-dom';
import { DocumentTitle } from './DocumentTitle';
import { PagePending } from './PagePending';
import * as styles from './layout.css';
import { ScrollRestoration } from './ScrollRestoration';
import { Sidebar } from './Sidebar';

export interface LayoutProps {
  header: ReactNode;
  footer: ReactNode;
  /** Above everything, e.g. the sandbox notice. */
  banner?: ReactNode;
  /** The page; the route's outlet by default. */
  children?: ReactNode;
}

export const mainContentId = 'main-content';

/**
 * The shell around every page (§2): skip link, banner, header, sidebar (wide screens; on smaller
 * ones the header's drawer holds its links), the page in <main> (PagePending while its code
 * or translations load) and the footer.
 */
export function Layout({ header, footer, banner, children }: LayoutProps) {
  const { t } = useTranslation('common');
  return (
    <div className={styles.root}>
      <DocumentTitle />
      {/* A new page starts at its top; Back returns to where the reader was. */}
      <ScrollRestoration />
      <a className={styles.skipLink} href={`#${mainContentId}`}>
        {t('nav.skipToContent')}
      </a>
      {banner}
      {header}
      <div className={styles.body}>
        <Sidebar />
        <main id={mainContentId} tabIndex={-1} className={styles.main}>
          <Suspense fallback={<PagePending />}>{children ?? <Outlet />}</Suspense>
        </main>
      </div>
      {footer}
    </div>
  );
}
