import type { VoiceClip, VoiceClipsPage } from '@studio/contracts';
import { ConfirmDialog, EmptyState, Heading, Inline, Stack, Text, useToast } from '@studio/ui';
import { AudioLines } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTiles } from '../../../components/PagedTiles';
import { useErrorText } from '../../../lib/api/useErrorText';
import { queryOptions, useConfirmedMutation, usePagedQuery } from '../../../lib/query';
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
    withItems: (list, clips) => ({ ...list, clips }),
    nextOf: (list) => list.nextCursor || null,
    fetchPage: (cursor: string) => source.page(cursor),
    itemsOfPage: (next) => next.clips,
    append: (latest, next, fresh) => ({
      clips: [...latest.clips, ...fresh],
      nextCursor: next.nextCursor,
    }),
  });
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

      <PagedTiles
        list={pages}
        labelledBy={headingId}
        minItemWidth="lg"
        placeholders={{ count: 2, height: '12rem' }}
        texts={{
          loading: t('clips.loading'),
          loadFailed: t('clips.loadFailed'),
          unavailableTitle: t('clips.unavailableTitle'),
          unavailableDescription: t('clips.unavailableDescription'),
          retry: t('clips.retry'),
          loadMore: t('clips.loadMore'),
          loadMoreFailed: (reason) => t('clips.loadMoreFailed', { reason }),
        }}
        empty={
          <EmptyState
            headingLevel={3}
            bordered
            icon={<AudioLines size={28} />}
            title={t('clips.emptyTitle')}
            description={t('clips.emptyDescription')}
          />
        }
        renderItem={(clip) => (
          <ClipCard
            clip={clip}
            source={source}
            onAgain={onAgain}
            onReuse={onReuse}
            onDelete={deletion.ask}
          />
        )}
      />

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
