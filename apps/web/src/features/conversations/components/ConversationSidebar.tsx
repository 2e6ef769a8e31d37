import type { ConversationSummary, ExportFormat } from '@studio/contracts';
import {
  ActionList,
  Box,
  Button,
  ConfirmDialog,
  EmptyState,
  Heading,
  IconButton,
  Skeleton,
  SkeletonGroup,
  Text,
  TextField,
  useToast,
} from '@studio/ui';
import { MessagesSquare, PanelLeftClose, PanelLeftOpen, Plus, Search } from 'lucide-react';
import { lazy, Suspense, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../lib/api/useErrorText';
import { deleteConversation } from '../../../lib/api/endpoints/conversations/deleteConversation';
import { useConfirmedMutation } from '../../../lib/query';
import { useConversationList } from '../hooks/useConversationList';
import { useDebouncedValue } from '../hooks/useDebouncedValue';
import { useExportJob } from '../hooks/useExportJob';
import { ConversationItem } from './ConversationItem';
import * as styles from './conversations.css';
import { LoadFailure } from './LoadFailure';
import { ShareDialog } from './ShareDialog';
import { useExportFailureText } from '../hooks/useExportFailureText';

// The export's dialog loads when a conversation is first exported.
const ExportDialog = lazy(() =>
  import('./ExportDialog').then((module) => ({ default: module.ExportDialog })),
);

/** How long typing must pause before the search is sent. */
export const SEARCH_DEBOUNCE_MS = 300;

export interface ConversationSidebarProps {
  /** The conversation open in the chat (marked in the list), null for a new chat. */
  activeId: string | null;
  onSelect: (id: string) => void;
  onNewChat: () => void;
  /** A conversation was deleted (when it was the active one, the chat should start afresh). */
  onDeleted: (id: string) => void;
}

/**
 * /home's conversation list (§7): search, newest first a page at a time, and per conversation
 * rename, share, export (JSON or Markdown) and delete. A new conversation or title refreshes it
 * through invalidateQueries(conversationsQueryKey).
 */
export function ConversationSidebar({
  activeId,
  onSelect,
  onNewChat,
  onDeleted,
}: ConversationSidebarProps) {
  const { t } = useTranslation('conversations');
  const describe = useErrorText();
  const exportFailureText = useExportFailureText();
  const { toast } = useToast();
  const bodyId = useId();
  const [query, setQuery] = useState('');
  const search = useDebouncedValue(query.trim(), SEARCH_DEBOUNCE_MS);
  const list = useConversationList(search);
  const [collapsed, setCollapsed] = useState(true);
  const [sharing, setSharing] = useState<ConversationSummary | null>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const deletion = useConfirmedMutation({
    mutation: {
      mutationFn: ({ id }: ConversationSummary, signal: AbortSignal) =>
        deleteConversation(id, signal),
    },
    errorText: describe,
    onSuccess: (_, { id }) => {
      list.remove(id);
      onDeleted(id);
      toast({ tone: 'success', title: t('delete.done') });
      // The row is gone: keep the keyboard in the list.
      listRef.current?.focus();
    },
  });

  const exportJob = useExportJob();
  const [exportOpen, setExportOpen] = useState(false);
  const exportOpenRef = useRef(false);
  const showExport = (open: boolean) => {
    exportOpenRef.current = open;
    setExportOpen(open);
  };
  const exportAs = (conversation: ConversationSummary, format: ExportFormat) => {
    // One export at a time: while one runs, its dialog comes back instead.
    showExport(true);
    void exportJob.start({ id: conversation.id, title: conversation.title }, format).then(() => {
      // An export that ends while its dialog is hidden says so in a toast.
      const ended = exportJob.current();
      if (exportOpenRef.current || !ended) return;
      if (ended.step === 'saved') {
        toast({ tone: 'success', title: t('export.done', { fileName: ended.fileName }) });
      } else if (ended.step === 'failed') {
        toast({
          tone: 'critical',
          title: t('export.failed'),
          description: exportFailureText(ended.error),
        });
      }
    });
  };

  const { state } = list;

  return (
    <nav className={styles.sidebar} aria-label={t('sidebar.label')}>
      <Box display="flex" alignItems="center" gap="sm">
        <Box flexGrow={1}>
          <Heading level={4} as="h2">
            {t('sidebar.title')}
          </Heading>
        </Box>
        <Button size="sm" icon={<Plus size={16} />} onClick={onNewChat}>
          {t('sidebar.newChat')}
        </Button>
        <span className={styles.collapseToggle}>
          <IconButton
            variant="ghost"
            size="sm"
            icon={collapsed ? <PanelLeftOpen size={16} /> : <PanelLeftClose size={16} />}
            label={collapsed ? t('sidebar.show') : t('sidebar.hide')}
            aria-expanded={!collapsed}
            aria-controls={bodyId}
            onClick={() => setCollapsed((value) => !value)}
          />
        </span>
      </Box>
      <div id={bodyId} className={styles.body} data-collapsed={collapsed}>
        <TextField
          type="search"
          size="sm"
          label={t('sidebar.search')}
          hideLabel
          placeholder={t('sidebar.searchPlaceholder')}
          icon={<Search size={16} />}
          value={query}
          maxLength={200}
          onChange={(event) => setQuery(event.target.value)}
        />
        {state.status === 'loading' ? (
          <SkeletonGroup label={t('sidebar.loading')}>
            {[0, 1, 2, 3].map((n) => (
              <Skeleton key={n} shape="rect" height="2.75rem" />
            ))}
          </SkeletonGroup>
        ) : null}
        {state.status === 'error' ? (
          <LoadFailure
            title={t('sidebar.loadFailed')}
            reason={describe(state.error)}
            retryLabel={t('sidebar.retry')}
            onRetry={list.retry}
          />
        ) : null}
        {state.status === 'ready' && state.items.length === 0 ? (
          <EmptyState
            headingLevel={3}
            icon={<MessagesSquare size={28} />}
            title={list.search ? t('sidebar.noMatches') : t('sidebar.empty')}
            description={
              list.search
                ? t('sidebar.noMatchesDescription', { search: list.search })
                : t('sidebar.emptyDescription')
            }
          />
        ) : null}
        {state.status === 'ready' && state.items.length > 0 ? (
          <ActionList ref={listRef} aria-label={t('sidebar.listLabel')} busy={state.refreshing}>
            {state.items.map((conversation) => (
              <ConversationItem
                key={conversation.id}
                conversation={conversation}
                active={conversation.id === activeId}
                onSelect={(id) => {
                  setCollapsed(true);
                  onSelect(id);
                }}
                onRenamed={list.replace}
                onShare={setSharing}
                onDelete={deletion.ask}
                onExport={exportAs}
              />
            ))}
          </ActionList>
        ) : null}
        {list.loadMoreError ? (
          <Text as="p" role="alert" size="sm" tone="secondary">
            {t('sidebar.loadMoreFailed')}: {describe(list.loadMoreError)}
          </Text>
        ) : null}
        {list.hasMore ? (
          <Button size="sm" variant="secondary" loading={list.loadingMore} onClick={list.loadMore}>
            {t('sidebar.loadMore')}
          </Button>
        ) : null}
      </div>
      {sharing ? (
        <ShareDialog
          open
          onOpenChange={(open) => {
            if (!open) setSharing(null);
          }}
          conversationId={sharing.id}
          title={sharing.title || t('untitled')}
        />
      ) : null}
      {exportJob.task ? (
        <Suspense fallback={null}>
          <ExportDialog
            open={exportOpen}
            onOpenChange={(open) => {
              showExport(open);
              if (!open) exportJob.clear();
            }}
            exportJob={exportJob}
          />
        </Suspense>
      ) : null}
      <ConfirmDialog
        {...deletion.dialog}
        tone="danger"
        title={t('delete.title')}
        description={t('delete.description', { title: deletion.target?.title || t('untitled') })}
        confirmLabel={t('delete.confirm')}
      />
    </nav>
  );
}
