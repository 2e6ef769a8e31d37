import type { DeleteAccountRequest } from '@studio/contracts';
import { Button, Card, ConfirmDialog, Stack, Text, TextField } from '@studio/ui';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../lib/api/useErrorText';
import { useMutation } from '../../../lib/query';
import { deleteAccount } from '../api/deleteAccount';

/** The word the API wants back before it deletes anything. */
const CONFIRMATION = 'DELETE' satisfies DeleteAccountRequest['confirm'];

export interface DeleteAccountSectionProps {
  /** The API deleted the account: end the session here. */
  onDeleted: () => void;
}

/**
 * Delete account (DELETE /api/userprofile): a danger ConfirmDialog that asks to type DELETE, so
 * a stray click or Enter cannot remove the account.
 */
export function DeleteAccountSection({ onDeleted }: DeleteAccountSectionProps) {
  const { t } = useTranslation('auth');
  const describe = useErrorText();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [mismatch, setMismatch] = useState<string | null>(null);
  const removal = useMutation({ mutationFn: deleteAccount });

  const openDialog = () => {
    setTyped('');
    setMismatch(null);
    removal.reset();
    setOpen(true);
  };

  // Not useConfirmedMutation's flow: a word typed wrong is the field's error, not the dialog's.
  const confirm = async () => {
    if (typed.trim() !== CONFIRMATION) {
      removal.reset();
      setMismatch(t('deleteAccount.typeMismatch'));
      // Keeps the dialog open (ConfirmDialog closes only on success).
      throw new Error('The confirmation word was not typed.');
    }
    await removal.run({ confirm: CONFIRMATION });
    onDeleted();
  };

  return (
    <Card as="section" title={t('deleteAccount.title')} headingLevel={2}>
      <Stack gap="lg" align="start">
        <Text as="p">{t('deleteAccount.description')}</Text>
        <Button variant="danger" icon={<Trash2 size={16} />} onClick={openDialog}>
          {t('deleteAccount.open')}
        </Button>
      </Stack>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        tone="danger"
        title={t('deleteAccount.confirmTitle')}
        description={t('deleteAccount.confirmDescription')}
        confirmLabel={t('deleteAccount.confirm')}
        onConfirm={confirm}
        error={
          removal.status === 'error'
            ? `${t('deleteAccount.failed')}: ${describe(removal.error)}`
            : null
        }
      >
        <TextField
          label={t('deleteAccount.typeLabel')}
          value={typed}
          onChange={(event) => {
            setTyped(event.target.value);
            setMismatch(null);
          }}
          error={mismatch}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          required
        />
      </ConfirmDialog>
    </Card>
  );
}
