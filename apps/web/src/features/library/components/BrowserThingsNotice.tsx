import type { LibraryItem } from '@studio/contracts';
import { Button, Inline, Text } from '@studio/ui';
import { useTranslation } from 'react-i18next';
import { RouterLink } from '../../../components/RouterLink';
import { paths } from '../../../lib/paths';
import { useQuery } from '../../../lib/query';
import { browserThingsQueryOptions } from '../hooks/useLibraryImport';
import { useMoveDismissal } from '../hooks/useMoveDismissal';
import { useVisitorLibraryCollections } from '../hooks/useVisitorLibraryCollections';
import * as styles from './library.css';

const noThings: readonly LibraryItem[] = [];

export interface BrowserThingsNoticeProps {
  /** The signed-in user's id: their "Not now" is remembered in this browser for them. */
  account: string;
}

/**
 * After signing in (on /home): what this browser still keeps from before, with the way to the
 * library, where it can be moved into the account. Nothing when the browser keeps nothing, or
 * after "Not now" until it keeps something new (the library's offer stays quiet with it).
 */
export function BrowserThingsNotice({ account }: BrowserThingsNoticeProps) {
  const { t } = useTranslation('library');
  const collections = useVisitorLibraryCollections();
  const things = useQuery(browserThingsQueryOptions(collections));
  const waiting = things.status === 'success' ? things.data : noThings;
  const { dismissed, dismiss } = useMoveDismissal(account, waiting);
  const count = waiting.length;
  if (dismissed || count === 0) return null;
  return (
    <aside className={styles.notice} aria-label={t('title')}>
      <Text as="p" weight="semibold">
        {t('notice.title', { count })}
      </Text>
      <Inline gap="md">
        <RouterLink to={paths.library}>{t('notice.action')}</RouterLink>
        <Button size="sm" variant="ghost" onClick={dismiss}>
          {t('move.notNow')}
        </Button>
      </Inline>
    </aside>
  );
}
