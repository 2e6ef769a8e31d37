import type { OfficeDocument, OfficeDocumentsPage } from '@studio/contracts';
import { Button, ConfirmDialog, EmptyState, Heading, Inline, Stack, Text } from '@studio/ui';
import { FileText } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTiles } from '../../../components/PagedTiles';
import { useOptimisticDeletion } from '../../../components/useOptimisticDeletion';
import { queryOptions, usePagedQuery } from '../../../lib/query';
import { useSignInModal } from '../../../lib/signInModal';
import { deleteOfficeDocument, listOfficeDocuments, officeDocumentsKey } from '../api/documents';
import { DocumentCard } from './DocumentCard';

export interface DocumentListProps {
  signedIn: boolean;
  openId: string | null;
  onOpen: (document: OfficeDocument) => void;
  /** A document is deleted (the view closes if it was open). */
  onDeleted: (document: OfficeDocument) => void;
}

/**
 * The caller's documents, newest first, a page at a time: read, translated, converted and
 * generated alike; a visitor's are kept a day. Deleting asks first, and the card leaves at once.
 */
export function DocumentList({ signedIn, openId, onOpen, onDeleted }: DocumentListProps) {
  const { t } = useTranslation('office');
  const headingId = useId();
  const signIn = useSignInModal();
  const pages = usePagedQuery({
    query: queryOptions({
      queryKey: [...officeDocumentsKey, 'list'],
      queryFn: (signal): Promise<OfficeDocumentsPage> => listOfficeDocuments(null, signal),
    }),
    items: (list: OfficeDocumentsPage) => list.documents,
    idOf: (document: OfficeDocument) => document.id,
    withItems: (list, documents) => ({ ...list, documents }),
    nextOf: (list) => list.nextCursor || null,
    fetchPage: (cursor: string) => listOfficeDocuments(cursor),
    itemsOfPage: (next) => next.documents,
    append: (latest, next, fresh) => ({
      documents: [...latest.documents, ...fresh],
      nextCursor: next.nextCursor,
    }),
  });
  const { deletion, listRef } = useOptimisticDeletion({
    list: pages,
    remove: async (document: OfficeDocument) => {
      await deleteOfficeDocument(document);
      onDeleted(document);
    },
    texts: { done: t('documents.deleted'), failed: t('documents.deleteFailed') },
  });
  const all = pages.state.status === 'ready' ? pages.state.items : [];

  return (
    <Stack as="section" gap="md" aria-labelledby={headingId}>
      <Stack gap="xs">
        <Heading level={3} as="h2" id={headingId}>
          {t('documents.title')}
        </Heading>
        {signedIn ? null : (
          <Inline gap="sm" align="center">
            <Text as="p" size="sm" tone="secondary">
              {t('documents.visitorNote')}
            </Text>
            {signIn ? (
              <Button size="sm" variant="ghost" onClick={signIn.open}>
                {t('documents.signIn')}
              </Button>
            ) : null}
          </Inline>
        )}
      </Stack>
      <PagedTiles
        list={pages}
        listRef={listRef}
        labelledBy={headingId}
        minItemWidth="md"
        placeholders={{ count: 3, height: '12rem' }}
        texts={{
          loading: t('documents.loading'),
          loadFailed: t('documents.loadFailed'),
          unavailableTitle: t('documents.loadFailed'),
          unavailableDescription: t('documents.loadFailed'),
          retry: t('documents.retry'),
          loadMore: t('documents.loadMore'),
          loadMoreFailed: (reason) => t('documents.loadMoreFailed', { reason }),
        }}
        empty={
          <EmptyState
            headingLevel={3}
            bordered
            icon={<FileText size={28} />}
            title={t('documents.emptyTitle')}
            description={t('documents.emptyDescription')}
          />
        }
        renderItem={(document) => (
          <li>
            <DocumentCard
              document={document}
              source={all.find((other) => other.id === document.sourceId) ?? null}
              open={document.id === openId}
              onOpen={onOpen}
              onDelete={deletion.ask}
            />
          </li>
        )}
      />
      <ConfirmDialog
        {...deletion.dialog}
        tone="danger"
        title={t('documents.deleteTitle')}
        description={t('documents.deleteDescription')}
        confirmLabel={t('documents.deleteConfirm')}
      />
    </Stack>
  );
}
