import type { VoiceClip, VoiceClipsPage } from '@studio/contracts';
import {
  Button,
  ConfirmDialog,
  EmptyState,
  Heading,
  Inline,
  Skeleton,
  SkeletonGroup,
  Stack,
  Text,
  Tiles,
  useToast,
} from '@studio/ui';
import { AudioLines } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../lib/api/useErrorText';
import { queryOptions, useConfirmedMutation, usePagedQuery } from '../../../lib/query';
import { isVisitorStorageUnavailable } from '../../../lib/visitor/visitorStorage';
import { clipsQueryKey } from '../api/listClips';
import type { ClipSource } from '../clips/clipSource';
import { ClipCard } from './ClipCard';

export interface ClipListProps {
  source: ClipSource;
  signedIn: boolean;
  onAgain: (clip: VoiceClip) => void;
  onReuse: (clip: VoiceClip) => void;
}

export const clipPagesQueryOptions = (source: ClipSource) =>
  queryOptions({
    queryKey: [...clipsQueryKey, source.owner],
    queryFn: (signal): Promise<VoiceClipsPage> => source.page(null, signal),
  });

/**
 * The person's clips, newest first (a signed-in user's from the server a page at a time, a
 * visitor's from this browser), each replayable and re-generatable with its settings; a deletion
 * is confirmed and the list updated once the answer is in.
 */
export function ClipList({ source, signedIn, onAgain, onReuse }: ClipListProps) {
  const { t } = useTranslation('voice');
  const describe = useErrorText();
  const { toast } = useToast();
  const headingId = useId();
  const pages = usePagedQuery({
    query: clipPagesQueryOptions(source),
    items: (list: VoiceClipsPage) => list.clips,
    idOf: (clip: VoiceClip) => clip.id,
    nextOf: (list) => list.nextCursor || null,
    fetchPage: (cursor: string) => source.page(cursor),
    itemsOfPage: (next) => next.clips,
    append: (latest, next, fresh) => ({
      clips: [...latest.clips, ...fresh],
      nextCursor: next.nextCursor,
    }),
  });
  const { query, hasMore, loadingMore, loadMoreError, loadMore } = pages;
  const deletion = useConfirmedMutation({
    mutation: { mutationFn: (clip: VoiceClip) => source.remove(clip.id) },
    errorText: (error) => `${t('clips.deleteFailed')} ${describe(error)}`,
    onSuccess: (_output, clip) => {
      pages.update((latest) => ({
        ...latest,
        clips: latest.clips.filter((other) => other.id !== clip.id),
      }));
      toast({ tone: 'success', title: t('clips.deleted') });
    },
  });
  const clips = query.status === 'success' ? query.data.clips : [];

  return (
    <Stack as="section" gap="md" aria-labelledby={headingId}>
      <Inline gap="sm" align="baseline">
        <Heading level={3} as="h2" id={headingId}>
          {t('clips.title')}
        </Heading>
        {signedIn ? null : (
          <Text as="p" size="sm" tone="secondary">
            {t('clips.visitorNote')}
          </Text>
        )}
      </Inline>

      {query.status === 'loading' ? (
        <SkeletonGroup label={t('clips.loading')}>
          <Tiles minItemWidth="lg">
            {[0, 1].map((n) => (
              <Skeleton key={n} shape="rect" height="12rem" />
            ))}
          </Tiles>
        </SkeletonGroup>
      ) : null}

      {query.status === 'error' ? (
        <Stack gap="xs" role="alert">
          <Text as="p" weight="semibold">
            {isVisitorStorageUnavailable(query.error)
              ? t('clips.unavailableTitle')
              : t('clips.loadFailed')}
          </Text>
          <Text as="p" size="sm" tone="secondary">
            {isVisitorStorageUnavailable(query.error)
              ? t('clips.unavailableDescription')
              : describe(query.error)}
          </Text>
          <div>
            <Button size="sm" variant="secondary" onClick={query.reload}>
              {t('clips.retry')}
            </Button>
          </div>
        </Stack>
      ) : null}

      {query.status === 'success' && clips.length === 0 ? (
        <EmptyState
          headingLevel={3}
          bordered
          icon={<AudioLines size={28} />}
          title={t('clips.emptyTitle')}
          description={t('clips.emptyDescription')}
        />
      ) : null}

      {clips.length > 0 ? (
        <Tiles
          as="ul"
          minItemWidth="lg"
          aria-labelledby={headingId}
          aria-busy={(query.status === 'success' && query.refreshing) || loadingMore || undefined}
        >
          {clips.map((clip) => (
            <ClipCard
              key={clip.id}
              clip={clip}
              source={source}
              onAgain={onAgain}
              onReuse={onReuse}
              onDelete={deletion.ask}
            />
          ))}
        </Tiles>
      ) : null}

      {hasMore ? (
        <Stack gap="sm" align="center">
          {loadMoreError ? (
            <Text as="p" role="alert" size="sm" tone="secondary">
              {t('clips.loadMoreFailed', { reason: describe(loadMoreError) })}
            </Text>
          ) : null}
          <Button size="sm" variant="secondary" loading={loadingMore} onClick={loadMore}>
            {t('clips.loadMore')}
          </Button>
        </Stack>
      ) : null}

      <ConfirmDialog
        {...deletion.dialog}
        tone="danger"
        title={t('clips.deleteTitle')}
        description={t('clips.deleteDescription')}
        confirmLabel={t('clips.deleteConfirm')}
      />
    </Stack>
  );
}
