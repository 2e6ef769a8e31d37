import type { MusicModel, MusicPiece, MusicPiecesPage } from '@studio/contracts';
import {
  Button,
  EmptyState,
  Heading,
  Inline,
  Skeleton,
  SkeletonGroup,
  Stack,
  Text,
  Tiles,
} from '@studio/ui';
import { Music } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../lib/api/useErrorText';
import { queryOptions, usePagedQuery } from '../../../lib/query';
import { isVisitorStorageUnavailable } from '../../../lib/visitor/visitorStorage';
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
  const describe = useErrorText();
  const headingId = useId();
  const pages = usePagedQuery({
    query: piecePagesQueryOptions(source),
    items: (list: MusicPiecesPage) => list.pieces,
    idOf: (piece: MusicPiece) => piece.id,
    nextOf: (list) => list.nextCursor || null,
    fetchPage: (cursor: string) => source.page(cursor),
    itemsOfPage: (next) => next.pieces,
    append: (latest, next, fresh) => ({
      pieces: [...latest.pieces, ...fresh],
      nextCursor: next.nextCursor,
    }),
  });
  const { query, hasMore, loadingMore, loadMoreError, loadMore } = pages;
  const pieces = query.status === 'success' ? query.data.pieces : [];

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

      {query.status === 'loading' ? (
        <SkeletonGroup label={t('pieces.loading')}>
          <Tiles minItemWidth="lg">
            {[0, 1].map((n) => (
              <Skeleton key={n} shape="rect" height="14rem" />
            ))}
          </Tiles>
        </SkeletonGroup>
      ) : null}

      {query.status === 'error' ? (
        <Stack gap="xs" role="alert">
          <Text as="p" weight="semibold">
            {isVisitorStorageUnavailable(query.error)
              ? t('pieces.unavailableTitle')
              : t('pieces.loadFailed')}
          </Text>
          <Text as="p" size="sm" tone="secondary">
            {isVisitorStorageUnavailable(query.error)
              ? t('pieces.unavailableDescription')
              : describe(query.error)}
          </Text>
          <div>
            <Button size="sm" variant="secondary" onClick={query.reload}>
              {t('pieces.retry')}
            </Button>
          </div>
        </Stack>
      ) : null}

      {query.status === 'success' && pieces.length === 0 ? (
        <EmptyState
          headingLevel={3}
          bordered
          icon={<Music size={28} />}
          title={t('pieces.emptyTitle')}
          description={t('pieces.emptyDescription')}
        />
      ) : null}

      {pieces.length > 0 ? (
        <Tiles
          as="ul"
          minItemWidth="lg"
          aria-labelledby={headingId}
          aria-busy={(query.status === 'success' && query.refreshing) || loadingMore || undefined}
        >
          {pieces.map((piece) => (
            <PieceCard
              key={piece.id}
              piece={piece}
              source={source}
              models={models}
              busy={busy}
              {...actions}
            />
          ))}
        </Tiles>
      ) : null}

      {hasMore ? (
        <Stack gap="sm" align="center">
          {loadMoreError ? (
            <Text as="p" role="alert" size="sm" tone="secondary">
              {t('pieces.loadMoreFailed', { reason: describe(loadMoreError) })}
            </Text>
          ) : null}
          <Button size="sm" variant="secondary" loading={loadingMore} onClick={loadMore}>
            {t('pieces.loadMore')}
          </Button>
        </Stack>
      ) : null}
    </Stack>
  );
}
