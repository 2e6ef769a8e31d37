import type { MusicModel, MusicPiece, MusicPiecesPage } from '@studio/contracts';
import { EmptyState, Heading, Inline, Stack, Text } from '@studio/ui';
import { Music } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTiles } from '../../../components/PagedTiles';
import { queryOptions, usePagedQuery } from '../../../lib/query';
import { piecesQueryKey } from '../api/listPieces';
import type { PieceSource } from '../pieces/pieceSource';
import { PieceCard, type PieceActions } from './PieceCard';

export interface PieceListProps extends PieceActions {
  source: PieceSource;
  signedIn: boolean;
  models: readonly MusicModel[];
  busy: boolean;
}

export const piecePagesQueryOptions = (source: PieceSource) =>
  queryOptions({
    queryKey: [...piecesQueryKey, source.owner],
    queryFn: (signal): Promise<MusicPiecesPage> => source.page(null, signal),
  });

/**
 * The person's pieces, newest first: a signed-in user's from the server a page at a time, a
 * visitor's from this browser, each with the same card as a new piece.
 */
export function PieceList({ source, signedIn, models, busy, ...actions }: PieceListProps) {
  const { t } = useTranslation('music');
  const headingId = useId();
  const pages = usePagedQuery({
    query: piecePagesQueryOptions(source),
    items: (list: MusicPiecesPage) => list.pieces,
    idOf: (piece: MusicPiece) => piece.id,
    withItems: (list, pieces) => ({ ...list, pieces }),
    nextOf: (list) => list.nextCursor || null,
    fetchPage: (cursor: string) => source.page(cursor),
    itemsOfPage: (next) => next.pieces,
    append: (latest, next, fresh) => ({
      pieces: [...latest.pieces, ...fresh],
      nextCursor: next.nextCursor,
    }),
  });

  return (
    <Stack as="section" gap="md" aria-labelledby={headingId}>
      <Inline gap="sm" align="baseline">
        <Heading level={3} as="h2" id={headingId}>
          {t('pieces.title')}
        </Heading>
        {signedIn ? null : (
          <Text as="p" size="sm" tone="secondary">
            {t('pieces.visitorNote')}
          </Text>
        )}
      </Inline>

      <PagedTiles
        list={pages}
        labelledBy={headingId}
        minItemWidth="lg"
        placeholders={{ count: 2, height: '14rem' }}
        texts={{
          loading: t('pieces.loading'),
          loadFailed: t('pieces.loadFailed'),
          unavailableTitle: t('pieces.unavailableTitle'),
          unavailableDescription: t('pieces.unavailableDescription'),
          retry: t('pieces.retry'),
          loadMore: t('pieces.loadMore'),
          loadMoreFailed: (reason) => t('pieces.loadMoreFailed', { reason }),
        }}
        empty={
          <EmptyState
            headingLevel={3}
            bordered
            icon={<Music size={28} />}
            title={t('pieces.emptyTitle')}
            description={t('pieces.emptyDescription')}
          />
        }
        renderItem={(piece) => (
          <PieceCard piece={piece} source={source} models={models} busy={busy} {...actions} />
        )}
      />
    </Stack>
  );
}
