import { Button, Inline, Text } from '@studio/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterLink } from '../../../components/RouterLink';
import { paths } from '../../../lib/paths';
import { useQuery } from '../../../lib/query';
import { browserThingsQueryOptions } from '../hooks/useLibraryImport';
import { useVisitorLibraryCollections } from '../hooks/useVisitorLibraryCollections';
import * as styles from './library.css';

/**
 * After signing in (on /home): what this browser still keeps from before, with the way to the
 * library, where it can be moved into the account. Nothing when the browser keeps nothing.
 */
export function BrowserThingsNotice() {
  const { t } = useTranslation('library');
  const collections = useVisitorLibraryCollections();
  const things = useQuery(browserThingsQueryOptions(collections));
  const [dismissed, setDismissed] = useState(false);
  const count = things.status === 'success' ? things.data.length : 0;
  if (dismissed || count === 0) return null;
  return (
    <aside className={styles.notice} aria-label={t('title')}>
      <Text as="p" weight="semibold">
        {t('notice.title', { count })}
      </Text>
      <Inline gap="md">
        <RouterLink to={paths.library}>{t('notice.action')}</RouterLink>
        <Button size="sm" variant="ghost" onClick={() => setDismissed(true)}>
          {t('move.notNow')}
        </Button>
      </Inline>
    </aside>
  );
}
