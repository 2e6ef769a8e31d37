import { ConfirmDialog } from '@studio/ui';
import { useTranslation } from 'react-i18next';

export interface ResetDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  signedIn: boolean;
  onConfirm: () => Promise<void>;
}

/** "Start over?": the chat's reset question (loaded by ChatView when first asked). */
export function ResetDialog({ open, onOpenChange, signedIn, onConfirm }: ResetDialogProps) {
  const { t } = useTranslation('chat');
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      tone="danger"
      title={t('view.resetTitle')}
      description={t(signedIn ? 'view.resetSignedIn' : 'view.resetVisitor')}
      confirmLabel={t('view.resetConfirm')}
      cancelLabel={t('view.resetCancel')}
      onConfirm={onConfirm}
    />
  );
}
