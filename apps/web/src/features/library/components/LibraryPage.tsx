import type { LibraryKind } from '@studio/contracts';
import { LIBRARY_SEARCH_MAX_LENGTH } from '@studio/contracts';
import { Button, Stack, Tabs, Text, TextField } from '@studio/ui';
import { Search } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/PageHeader';
import { useLibraryImport } from '../hooks/useLibraryImport';
import { useMoveDismissal } from '../hooks/useMoveDismissal';
import { useVisitorLibraryCollections } from '../hooks/useVisitorLibraryCollections';
import { userLibrarySource, visitorLibrarySource } from '../librarySource';
import { LibraryList } from './LibraryList';
import { MovePanel } from './MovePanel';
import { useLibraryFilter } from './useLibraryFilter';
import * as styles from './library.css';

export interface LibraryPageProps {
  /** The signed-in user's id; null for a visitor (their things are in this browser). */
  account: string | null;
}

const tabs = ['all', 'image', 'clip', 'piece', 'document'] as const;
type Tab = (typeof tabs)[number];

/**
 * Everything the person made with the studio's tools in one place: pictures, voice clips and
 * music, filtered by kind and searched by the words each was made from. A signed-in user's from
 * the server, a visitor's from this browser; a signed-in user whose browser still keeps things
 * made as a visitor is offered to move them into the account.
 */
export function LibraryPage({ account }: LibraryPageProps) {
  const { t } = useTranslation('library');
  const signedIn = account !== null;
  const collections = useVisitorLibraryCollections();
  const source = useMemo(
    () => (signedIn ? userLibrarySource : visitorLibrarySource(collections)),
    [signedIn, collections],
  );
  const { filter, text, setText, setKind } = useLibraryFilter();
  const tab: Tab = filter.kind ?? 'all';

  return (
    <Stack gap="lg">
      <PageHeader title={t('title')} intro={signedIn ? t('intro') : t('visitorIntro')} />
      {account !== null ? <SignedInMove account={account} collections={collections} /> : null}
      {signedIn ? null : (
        <div className={styles.notice}>
          <Text as="p" size="sm">
            {t('visitorNote')}
          </Text>
        </div>
      )}
      <Tabs.Root
        value={tab}
        onValueChange={(value) => {
          const next = tabs.find((candidate) => candidate === value) ?? 'all';
          setKind(next === 'all' ? null : (next as LibraryKind));
        }}
      >
        <Stack gap="md">
          <div className={styles.filters}>
            <Tabs.List aria-label={t('filters.label')} variant="pill">
              {tabs.map((value) => (
                <Tabs.Trigger key={value} value={value}>
                  {t(`filters.${value}`)}
                </Tabs.Trigger>
              ))}
            </Tabs.List>
            <div className={styles.search}>
              <TextField
                type="search"
                label={t('search.label')}
                placeholder={t('search.placeholder')}
                icon={<Search size={16} aria-hidden="true" />}
                value={text}
                maxLength={LIBRARY_SEARCH_MAX_LENGTH}
                onChange={(event) => setText(event.target.value)}
              />
            </div>
          </div>
          {tabs.map((value) => (
            <Tabs.Content key={value} value={value}>
              {value === tab ? (
                <LibraryList source={source} filter={filter} label={t(`filters.${value}`)} />
              ) : null}
            </Tabs.Content>
          ))}
        </Stack>
      </Tabs.Root>
    </Stack>
  );
}

/**
 * The move offer; after "Not now" (remembered in this browser for the account, until it keeps
 * something new), a quiet line in its place that brings the offer back.
 */
function SignedInMove({
  account,
  collections,
}: {
  account: string;
  collections: ReturnType<typeof useVisitorLibraryCollections>;
}) {
  const { t } = useTranslation('library');
  const move = useLibraryImport(collections);
  const { dismissed, dismiss, undo } = useMoveDismissal(account, move.waiting);
  // The offer came back at the user's asking: the keyboard goes on to its Move button.
  const [reopened, setReopened] = useState(false);
  if (dismissed && move.state.phase === 'idle') {
    if (move.waiting.length === 0) return null;
    return (
      <div>
        <Button
          size="sm"
          variant="ghost"
          onClick={() => {
            undo();
            setReopened(true);
          }}
        >
          {t('move.quietOffer', { count: move.waiting.length })}
        </Button>
      </div>
    );
  }
  return <MovePanel move={move} onNotNow={dismiss} focusOffer={reopened} />;
}
