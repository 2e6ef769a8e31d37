import { SHARE_EXPIRY_DAYS } from '@studio/contracts';
import {
  Button,
  ConfirmDialog,
  formatMoment,
  Modal,
  Select,
  Spinner,
  Stack,
  Text,
  TextField,
  useToast,
} from '@studio/ui';
import { Check, Copy, Link2, Link2Off } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../lib/api/useErrorText';
import { useLanguage } from '../../../lib/i18n/useLanguage';
import { useConfirmedMutation, useMutation } from '../../../lib/query';
import { useShareStatus } from '../api/getShareStatus';
import { revokeShareMutation } from '../api/revokeShare';
import { shareConversationMutation } from '../api/shareConversation';
import { useCopyText } from '../hooks/useCopyText';
import * as styles from './conversations.css';
import { LoadFailure } from './LoadFailure';

/** The lifetimes offered for a new link (days), up to what the plan allows. */
export const shareExpiryChoices = [1, 7, 30, 90, 365] as const;

/**
 * The lifetimes the caller's plan allows (the share status says its maximum, the one the API
 * holds a new link to): the usual ones up to it, and the maximum itself, so Pro is offered the
 * year it promises and Free never a lifetime it would be refused.
 */
export function expiryChoicesUpTo(maxDays: number): number[] {
  const choices: number[] = shareExpiryChoices.filter((days) => days <= maxDays);
  if (!choices.includes(maxDays)) choices.push(maxDays);
  return choices;
}

export interface ShareDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  conversationId: string;
  /** The conversation's title, to name what is shared. */
  title: string;
}

/**
 * Share a conversation (§2, §7): a read-only snapshot at {origin}/share/{slug} that lives from a
 * day up to what the plan allows (30 days on Free, a year on Pro); copy it, see until when it
 * works, revoke it.
 */
export function ShareDialog({ open, onOpenChange, conversationId, title }: ShareDialogProps) {
  const { t } = useTranslation('conversations');
  return (
    <Modal.Root open={open} onOpenChange={onOpenChange}>
      <Modal.Content title={t('share.title')} description={t('share.description', { title })}>
        {open ? <ShareDialogBody conversationId={conversationId} /> : null}
      </Modal.Content>
    </Modal.Root>
  );
}

function ShareDialogBody({ conversationId }: { conversationId: string }) {
  const { t } = useTranslation('conversations');
  const describe = useErrorText();
  const language = useLanguage();
  const { toast } = useToast();
  const state = useShareStatus(conversationId);
  const { status: copyStatus, copy } = useCopyText();
  const [days, setDays] = useState<number>(SHARE_EXPIRY_DAYS.default);
  const create = useMutation(shareConversationMutation);
  const revoke = useConfirmedMutation({
    mutation: revokeShareMutation,
    errorText: describe,
    onSuccess: () => toast({ tone: 'success', title: t('share.revoked') }),
  });

  // Its failure shows in the dialog (create.error).
  const createLink = () =>
    create.run({ conversationId, expiresInDays: days }).catch(() => undefined);

  if (state.status === 'loading') {
    return (
      <Modal.Body>
        <Spinner text={t('share.loading')} />
      </Modal.Body>
    );
  }

  if (state.status === 'error') {
    return (
      <Modal.Body>
        <LoadFailure
          title={t('share.loadFailed')}
          reason={describe(state.error)}
          retryLabel={t('share.retry')}
          onRetry={state.reload}
        />
      </Modal.Body>
    );
  }

  const share = state.data;
  if (!share.isShared || !share.shareUrl) {
    return (
      <>
        <Modal.Body>
          <Stack gap="md">
            <Text as="p" size="sm" tone="secondary">
              {t('share.snapshotNote')}
            </Text>
            <Select
              label={t('share.expiry')}
              placeholder={false}
              value={String(days)}
              onChange={(event) => setDays(Number(event.target.value))}
              options={expiryChoicesUpTo(share.maxExpiresInDays).map((choice) => ({
                value: String(choice),
                label: t('share.days', { count: choice }),
              }))}
            />
            {create.status === 'error' ? (
              <p role="alert" className={styles.loadError}>
                {t('share.createFailed')}: {describe(create.error)}
              </p>
            ) : null}
          </Stack>
        </Modal.Body>
        <Modal.Footer>
          {/* Not "Close": the corner button is Close already, and two buttons had one name. */}
          <Modal.Close asChild>
            <Button variant="secondary">{t('share.cancel')}</Button>
          </Modal.Close>
          <Button
            icon={<Link2 size={16} />}
            loading={create.status === 'pending'}
            onClick={() => void createLink()}
          >
            {t('share.create')}
          </Button>
        </Modal.Footer>
      </>
    );
  }

  const shareUrl = share.shareUrl;
  return (
    <>
      <Modal.Body>
        <Stack gap="md">
          <div className={styles.row}>
            <div className={styles.grow}>
              <TextField
                label={t('share.link')}
                value={shareUrl}
                readOnly
                onFocus={(event) => event.target.select()}
              />
            </div>
            <Button
              variant="secondary"
              icon={copyStatus === 'copied' ? <Check size={16} /> : <Copy size={16} />}
              onClick={() => void copy(shareUrl)}
            >
              {copyStatus === 'copied' ? t('share.copied') : t('share.copy')}
            </Button>
          </div>
          <Text as="p" role="status" size="sm" tone="secondary">
            {copyStatus === 'failed'
              ? t('share.copyFailed')
              : share.expiresAt
                ? t('share.sharedUntil', { date: formatMoment(share.expiresAt, language) })
                : t('share.shared')}
          </Text>
        </Stack>
      </Modal.Body>
      <Modal.Footer>
        <Button
          variant="danger"
          icon={<Link2Off size={16} />}
          onClick={() => revoke.ask({ conversationId })}
        >
          {t('share.revoke')}
        </Button>
        <Modal.Close asChild>
          <Button variant="secondary">{t('share.done')}</Button>
        </Modal.Close>
      </Modal.Footer>
      <ConfirmDialog
        {...revoke.dialog}
        tone="danger"
        title={t('share.revokeTitle')}
        description={t('share.revokeDescription')}
        confirmLabel={t('share.revokeConfirm')}
      />
    </>
  );
}
