import { Spinner } from '@studio/ui';
import { Suspense, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration } from 'react-router-dom';
import { DocumentTitle } from './DocumentTitle';
import * as styles from './layout.css';
import { Sidebar } from './Sidebar';

export interface LayoutProps {
  /** The header, given the sidebar toggle's state (it lives in the header on small screens). */
  header: (sidebar: SidebarToggle) => ReactNode;
  footer: ReactNode;
  /** Above everything, e.g. the sandbox notice. */
  banner?: ReactNode;
  /** The page; the route's outlet by default. */
  children?: ReactNode;
}

export interface SidebarToggle {
  open: boolean;
  controls: string;
  toggle: () => void;
}

export const mainContentId = 'main-content';

/**
 * The shell around every page (§2): skip link, banner, header, sidebar, the page in <main>
 * (a Spinner overlay while its code or translations load) and the footer.
 */
export function Layout({ header, footer, banner, children }: LayoutProps) {
  const { t } = useTranslation('common');
  const sidebarId = useId();
  const [sidebarOpen, setSidebarOpen] = useState(false);
  return (
    <div className={styles.root}>
      <DocumentTitle />
      {/* A new page starts at its top; Back returns to where the reader was. */}
      <ScrollRestoration />
      <a className={styles.skipLink} href={`#${mainContentId}`}>
        {t('nav.skipToContent')}
      </a>
      {banner}
      {header({
        open: sidebarOpen,
        controls: sidebarId,
        toggle: () => setSidebarOpen((open) => !open),
      })}
      <div className={styles.body}>
        <Sidebar id={sidebarId} open={sidebarOpen} onNavigate={() => setSidebarOpen(false)} />
        <main id={mainContentId} tabIndex={-1} className={styles.main}>
          <Suspense fallback={<Spinner overlay size="large" />}>{children ?? <Outlet />}</Suspense>
        </main>
      </div>
      {footer}
    </div>
  );
}
