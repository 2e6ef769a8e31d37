import type { GeneratedImage, LibraryItem, LibraryKind } from '@studio/contracts';
import {
  Button,
  ConfirmDialog,
  EmptyState,
  Inline,
  Skeleton,
  SkeletonGroup,
  Stack,
  Text,
  Tiles,
  useToast,
} from '@studio/ui';
import { Library, SearchX } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterLink } from '../../../components/RouterLink';
import { useErrorText } from '../../../lib/api/useErrorText';
import { paths } from '../../../lib/paths';
import { invalidateQueries, useConfirmedMutation } from '../../../lib/query';
import { useSentinel } from '../../../lib/useSentinel';
import { isVisitorStorageUnavailable } from '../../../lib/visitor/visitorStorage';
import { libraryQueryKey, type LibraryFilter } from '../api/listLibrary';
import { useLibraryPages } from '../hooks/useLibraryPages';
import type { LibrarySource } from '../librarySource';
import { ClipItemCard } from './ClipItemCard';
import { ImageItemCard } from './ImageItemCard';
import { PictureDialog } from './PictureDialog';
import { PieceItemCard } from './PieceItemCard';
import * as styles from './library.css';

export interface LibraryListProps {
  source: LibrarySource;
  filter: LibraryFilter;
  /** Names the list (the selected tab's name). */
  label: string;
}

/** The tools that make each kind, for an empty library's links. */
const makers: Record<LibraryKind, { to: string; label: 'images' | 'voice' | 'music' }> = {
  image: { to: paths.imageGenerator, label: 'images' },
  clip: { to: paths.voiceSynthesis, label: 'voice' },
  piece: { to: paths.musicCreator, label: 'music' },
};

/**
 * The library for one filter, newest first: the next page loads as the end of the list nears
 * the viewport (or with "Load more"), as the image gallery does. A deletion goes through the
 * item's own tool, is confirmed, shown at once and undone if refused.
 */
export function LibraryList({ source, filter, label }: LibraryListProps) {
  const { t } = useTranslation('library');
  const describe = useErrorText();
  const { toast } = useToast();
  const pages = useLibraryPages(source, filter);
  const { state, hasMore, loadingMore, loadMoreError, loadMore } = pages;
  const [picture, setPicture] = useState<GeneratedImage | null>(null);
  const listRef = useRef<HTMLElement>(null);
  const sentinelRef = useRef<HTMLDivElement>(null);
  const focusListAfterDelete = useRef(false);
  const deletion = useConfirmedMutation({
    mutation: {
      mutationFn: async (item: LibraryItem) => {
        const restore = pages.removeOptimistically(item);
        focusListAfterDelete.current = true;
        try {
          await source.remove(item);
        } catch (error) {
          restore();
          throw error;
        }
        // The other filters' lists held it too.
        invalidateQueries([...libraryQueryKey, source.owner]);
      },
    },
    waitForAnswer: false,
    onSuccess: () => toast({ tone: 'success', title: t('delete.done') }),
    onError: (error) =>
      toast({ tone: 'critical', title: t('delete.failed'), description: describe(error) }),
  });
  const deleting = deletion.target;
  useEffect(() => {
    if (deleting !== null || !focusListAfterDelete.current) return;
    focusListAfterDelete.current = false;
    listRef.current?.focus();
  }, [deleting]);

  const items = state.status === 'ready' ? state.items : [];
  // A failed page is not asked for again by scrolling: "Load more" retries it.
  useSentinel(sentinelRef, loadMore, hasMore && !loadingMore && !loadMoreError, items.length);

  const kinds: readonly LibraryKind[] = filter.kind ? [filter.kind] : ['image', 'clip', 'piece'];

  return (
    <Stack gap="md">
      {state.status === 'loading' ? (
        <SkeletonGroup label={t('loading')}>
          <Tiles minItemWidth="md">
            {[0, 1, 2].map((n) => (
              <Skeleton key={n} shape="rect" height="15rem" />
            ))}
          </Tiles>
        </SkeletonGroup>
      ) : null}

      {state.status === 'error' ? (
        <div role="alert" className={styles.notice}>
          <Text as="p" weight="semibold">
            {isVisitorStorageUnavailable(state.error) ? t('unavailable.title') : t('loadFailed')}
          </Text>
          <Text as="p" size="sm" tone="secondary">
            {isVisitorStorageUnavailable(state.error)
              ? t('unavailable.description')
              : describe(state.error)}
          </Text>
          <Button size="sm" variant="secondary" onClick={pages.retry}>
            {t('retry')}
          </Button>
        </div>
      ) : null}

      {state.status === 'ready' && items.length === 0 && filter.q ? (
        <EmptyState
          headingLevel={2}
          bordered
          icon={<SearchX size={28} />}
          title={t('noResults.title', { q: filter.q })}
          description={t('noResults.description')}
        />
      ) : null}

      {state.status === 'ready' && items.length === 0 && !filter.q ? (
        <EmptyState
          headingLevel={2}
          bordered
          icon={<Library size={28} />}
          title={t('empty.title')}
          description={t(`empty.description.${filter.kind ?? 'all'}`)}
          action={
            <Inline gap="md" justify="center">
              {kinds.map((kind) => (
                <RouterLink key={kind} to={makers[kind].to}>
                  {t(`empty.make.${makers[kind].label}`)}
                </RouterLink>
              ))}
            </Inline>
          }
        />
      ) : null}

      {items.length > 0 ? (
        <Tiles
          as="ul"
          ref={listRef}
          tabIndex={-1}
          minItemWidth="md"
          aria-label={label}
          aria-busy={(state.status === 'ready' && state.refreshing) || loadingMore || undefined}
        >
          {items.map((item) =>
            item.kind === 'image' ? (
              <ImageItemCard
                key={`image:${item.id}`}
                item={item}
                source={source}
                onOpen={setPicture}
                onDelete={deletion.ask}
              />
            ) : item.kind === 'clip' ? (
              <ClipItemCard
                key={`clip:${item.id}`}
                item={item}
                source={source}
                onDelete={deletion.ask}
              />
            ) : (
              <PieceItemCard
                key={`piece:${item.id}`}
                item={item}
                source={source}
                onDelete={deletion.ask}
              />
            ),
          )}
        </Tiles>
      ) : null}

      {hasMore ? (
        <Stack gap="sm" align="center">
          <div ref={sentinelRef} className={styles.sentinel} />
          {loadMoreError ? (
            <Text as="p" role="alert" size="sm" tone="secondary">
              {t('loadMoreFailed', { reason: describe(loadMoreError) })}
            </Text>
          ) : null}
          <Button size="sm" variant="secondary" loading={loadingMore} onClick={loadMore}>
            {t('loadMore')}
          </Button>
        </Stack>
      ) : null}

      {picture ? (
        <PictureDialog image={picture} source={source} onClose={() => setPicture(null)} />
      ) : null}

      <ConfirmDialog
        {...deletion.dialog}
        tone="danger"
        title={t('delete.title')}
        description={t('delete.description')}
        confirmLabel={t('delete.confirm')}
      />
    </Stack>
  );
}
