import type { SharedLink } from '@studio/contracts';
import {
  ActionList,
  Box,
  Button,
  Card,
  ConfirmDialog,
  EmptyState,
  formatMoment,
  ListItem,
  Spinner,
  Stack,
  useToast,
} from '@studio/ui';
import { Copy, ExternalLink, Link2, Link2Off } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../lib/api/useErrorText';
import { useLanguage } from '../../../lib/i18n/useLanguage';
import { useConfirmedMutation, type MutationOptions } from '../../../lib/query';
import { useSharedLinks } from '../api/listSharedLinks';
import { revokeShareMutation } from '../api/revokeShare';
import { useCopyText } from '../hooks/useCopyText';
import * as styles from './conversations.css';
import { LoadFailure } from './LoadFailure';

/** /profile: the user's live share links, each to copy, open or revoke. */
export function SharedLinksSection() {
  const { t } = useTranslation('conversations');
  const describe = useErrorText();
  const state = useSharedLinks();

  return (
    <Card as="section" title={t('links.title')} description={t('links.intro')} headingLevel={2}>
      {state.status === 'loading' ? <Spinner text={t('links.loading')} /> : null}
      {state.status === 'error' ? (
        <LoadFailure
          title={t('links.loadFailed')}
          reason={describe(state.error)}
          retryLabel={t('links.retry')}
          onRetry={state.reload}
        />
      ) : null}
      {state.status === 'success' && state.data.length === 0 ? (
        <EmptyState
          bordered
          headingLevel={3}
          icon={<Link2 size={32} />}
          title={t('links.empty')}
          description={t('links.emptyDescription')}
        />
      ) : null}
      {state.status === 'success' && state.data.length > 0 ? <LinkList links={state.data} /> : null}
    </Card>
  );
}

interface LinkListProps {
  links: SharedLink[];
}

function LinkList({ links }: LinkListProps) {
  const { t } = useTranslation('conversations');
  const language = useLanguage();
  const describe = useErrorText();
  const { toast } = useToast();
  const { status: copyStatus, copy } = useCopyText();
  const [copiedId, setCopiedId] = useState<string | null>(null);
  const list = useRef<HTMLUListElement>(null);
  // Asked about a whole link, for the dialog to name it.
  const revokeLink: MutationOptions<SharedLink, void> = revokeShareMutation;
  const revoke = useConfirmedMutation({
    mutation: revokeLink,
    errorText: describe,
    onSuccess: () => {
      toast({ tone: 'success', title: t('links.revoked') });
      list.current?.focus();
    },
  });

  return (
    <>
      <ActionList ref={list} variant="separated" aria-label={t('links.listLabel')}>
        {links.map((link) => {
          const title = link.title || t('untitled');
          const copied = copiedId === link.conversationId && copyStatus === 'copied';
          const expires = t('links.expires', { date: formatMoment(link.expiresAt, language) });
          return (
            <ListItem
              key={link.conversationId}
              title={title}
              description={
                copiedId === link.conversationId && copyStatus === 'failed' ? (
                  <Stack gap="xxs">
                    <Box as="p">{expires}</Box>
                    <Box as="p" role="alert">
                      {t('share.copyFailed')}
                    </Box>
                  </Stack>
                ) : (
                  expires
                )
              }
              trailing={
                <>
                  <Button
                    size="sm"
                    variant="secondary"
                    icon={<Copy size={16} />}
                    aria-label={t('links.copyLabel', { title })}
                    onClick={() => {
                      setCopiedId(link.conversationId);
                      void copy(link.shareUrl);
                    }}
                  >
                    {copied ? t('share.copied') : t('share.copy')}
                  </Button>
                  <a
                    className={styles.openLink}
                    href={link.shareUrl}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={t('links.openLabel', { title })}
                  >
                    <ExternalLink size={16} aria-hidden="true" />
                    {t('links.open')}
                  </a>
                  <Button
                    size="sm"
                    variant="danger"
                    icon={<Link2Off size={16} />}
                    aria-label={t('links.revokeLabel', { title })}
                    onClick={() => revoke.ask(link)}
                  >
                    {t('share.revoke')}
                  </Button>
                </>
              }
            />
          );
        })}
      </ActionList>
      <ConfirmDialog
        {...revoke.dialog}
        tone="danger"
        title={t('share.revokeTitle')}
        description={t('links.revokeDescription', {
          title: revoke.target?.title || t('untitled'),
        })}
        confirmLabel={t('share.revokeConfirm')}
      />
    </>
  );
}
