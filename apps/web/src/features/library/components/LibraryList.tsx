import {
  libraryKinds,
  type GeneratedImage,
  type LibraryItem,
  type LibraryKind,
} from '@studio/contracts';
import { ConfirmDialog, EmptyState, Inline, Stack } from '@studio/ui';
import { Library, SearchX } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTiles } from '../../../components/PagedTiles';
import { RouterLink } from '../../../components/RouterLink';
import { useOptimisticDeletion } from '../../../components/useOptimisticDeletion';
import { paths } from '../../../lib/paths';
import { invalidateQueries } from '../../../lib/query';
import {
  libraryQueryKey,
  type LibraryFilter,
} from '../../../lib/api/endpoints/library/listLibrary';
import { useLibraryPages } from '../hooks/useLibraryPages';
import type { LibrarySource } from '../librarySource';
import { ClipItemCard } from './ClipItemCard';
import { DocumentItemCard } from './DocumentItemCard';
import { ImageItemCard } from './ImageItemCard';
import { PictureDialog } from './PictureDialog';
import { PieceItemCard } from './PieceItemCard';

export interface LibraryListProps {
  source: LibrarySource;
  filter: LibraryFilter;
  /** Names the list (the selected tab's name). */
  label: string;
}

/** The tools that make each kind, for an empty library's links. */
const makers: Record<LibraryKind, { to: string; label: 'images' | 'voice' | 'music' | 'writer' }> =
  {
    image: { to: paths.imageGenerator, label: 'images' },
    clip: { to: paths.voiceSynthesis, label: 'voice' },
    piece: { to: paths.musicCreator, label: 'music' },
    document: { to: paths.contentWriter, label: 'writer' },
  };

/**
 * The library for one filter, newest first: the next page loads as the end of the list nears
 * the viewport (or with "Load more"), as the image gallery does. A deletion goes through the
 * item's own tool, is confirmed, shown at once and undone if refused.
 */
export function LibraryList({ source, filter, label }: LibraryListProps) {
  const { t } = useTranslation('library');
  const pages = useLibraryPages(source, filter);
  const [picture, setPicture] = useState<GeneratedImage | null>(null);
  const { deletion, listRef } = useOptimisticDeletion({
    list: pages,
    remove: async (item: LibraryItem) => {
      await source.remove(item);
      // The other filters' lists held it too.
      invalidateQueries([...libraryQueryKey, source.owner]);
    },
    texts: { done: t('delete.done'), failed: t('delete.failed') },
  });

  const kinds: readonly LibraryKind[] = filter.kind ? [filter.kind] : libraryKinds;

  return (
    <Stack gap="md">
      <PagedTiles
        list={pages}
        label={label}
        listRef={listRef}
        minItemWidth="md"
        placeholders={{ count: 3, height: '15rem' }}
        loadsAhead
        texts={{
          loading: t('loading'),
          loadFailed: t('loadFailed'),
          unavailableTitle: t('unavailable.title'),
          unavailableDescription: t('unavailable.description'),
          retry: t('retry'),
          loadMore: t('loadMore'),
          loadMoreFailed: (reason) => t('loadMoreFailed', { reason }),
        }}
        empty={
          filter.q ? (
            <EmptyState
              headingLevel={2}
              bordered
              icon={<SearchX size={28} />}
              title={t('noResults.title', { q: filter.q })}
              description={t('noResults.description')}
            />
          ) : (
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
          )
        }
        renderItem={(item) =>
          item.kind === 'image' ? (
            <ImageItemCard
              item={item}
              source={source}
              onOpen={setPicture}
              onDelete={deletion.ask}
            />
          ) : item.kind === 'clip' ? (
            <ClipItemCard item={item} source={source} onDelete={deletion.ask} />
          ) : item.kind === 'document' ? (
            <DocumentItemCard item={item} onDelete={deletion.ask} />
          ) : (
            <PieceItemCard item={item} source={source} onDelete={deletion.ask} />
          )
        }
      />

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
