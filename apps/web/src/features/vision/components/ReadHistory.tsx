import type { VisionRead, VisionReadsPage } from '@studio/contracts';
import { ConfirmDialog, EmptyState, Heading, Inline, Stack, Text } from '@studio/ui';
import { ScanEye } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTiles } from '../../../components/PagedTiles';
import { useOptimisticDeletion } from '../../../components/useOptimisticDeletion';
import { queryOptions, usePagedQuery } from '../../../lib/query';
import { deleteRead } from '../api/deleteRead';
import { listReads, readsQueryKey } from '../api/listReads';
import { ReadCard } from './ReadCard';

export interface ReadHistoryProps {
  /** Who asks (the key of their list): a user's id, or null for a visitor. */
  account: string | null;
  currentId: string | null;
  onOpen: (read: VisionRead) => void;
  /** A read was deleted (the page lets go of it if it shows it). */
  onDeleted: (read: VisionRead) => void;
}

export const readPagesQueryOptions = (account: string | null) =>
  queryOptions({
    queryKey: [...readsQueryKey, account ?? 'visitor'],
    queryFn: (signal): Promise<VisionReadsPage> => listReads(null, signal),
  });

/**
 * The caller's reads, newest first, a page at a time (a visitor's for a day, on this browser's
 * key): each opens its result and answers, or is deleted once confirmed.
 */
export function ReadHistory({ account, currentId, onOpen, onDeleted }: ReadHistoryProps) {
  const { t } = useTranslation('vision');
  const headingId = useId();
  const pages = usePagedQuery({
    query: readPagesQueryOptions(account),
    items: (list: VisionReadsPage) => list.reads,
    idOf: (read: VisionRead) => read.id,
    withItems: (list, reads) => ({ ...list, reads }),
    nextOf: (list) => list.nextCursor || null,
    fetchPage: (cursor: string) => listReads(cursor),
    itemsOfPage: (next) => next.reads,
    append: (latest, next, fresh) => ({
      reads: [...latest.reads, ...fresh],
      nextCursor: next.nextCursor,
    }),
  });
  const { deletion, listRef } = useOptimisticDeletion({
    list: pages,
    remove: async (read: VisionRead) => {
      await deleteRead(read.id);
      onDeleted(read);
    },
    texts: { done: t('history.deleted'), failed: t('history.deleteFailed') },
  });

  return (
    <Stack as="section" gap="md" aria-labelledby={headingId}>
      <Inline gap="sm" align="baseline">
        <Heading level={3} as="h2" id={headingId}>
          {t('history.title')}
        </Heading>
        {account === null ? (
          <Text as="p" size="sm" tone="secondary">
            {t('history.visitorNote')}
          </Text>
        ) : null}
      </Inline>
      <PagedTiles
        list={pages}
        labelledBy={headingId}
        listRef={listRef}
        minItemWidth="md"
        placeholders={{ count: 3, height: '16rem' }}
        texts={{
          loading: t('history.loading'),
          loadFailed: t('history.loadFailed'),
          unavailableTitle: t('history.unavailableTitle'),
          unavailableDescription: t('history.unavailableDescription'),
          retry: t('history.retry'),
          loadMore: t('history.loadMore'),
          loadMoreFailed: (reason) => t('history.loadMoreFailed', { reason }),
        }}
        empty={
          <EmptyState
            headingLevel={3}
            bordered
            icon={<ScanEye size={28} />}
            title={t('history.emptyTitle')}
            description={t('history.emptyDescription')}
          />
        }
        renderItem={(read) => (
          <ReadCard
            read={read}
            current={read.id === currentId}
            onOpen={onOpen}
            onDelete={deletion.ask}
          />
        )}
      />
      <ConfirmDialog
        {...deletion.dialog}
        tone="danger"
        title={t('history.deleteTitle')}
        description={t('history.deleteDescription')}
        confirmLabel={t('history.deleteConfirm')}
      />
    </Stack>
  );
}
