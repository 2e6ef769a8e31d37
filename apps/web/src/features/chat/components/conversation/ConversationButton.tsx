import { IconButton } from '@studio/ui';
import { Headphones } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** Loads conversation mode's code (the call, its loop, the microphone): on approach, not before. */
export const loadConversationMode = () => import('./ConversationMode');

/** Starts a hands-free conversation (the call opens over the chat). */
export function ConversationButton({
  onStart,
  disabled,
}: {
  onStart: () => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation('chat');
  const preload = () => void loadConversationMode();
  return (
    <IconButton
      variant="ghost"
      size="sm"
      label={t('conversation.start')}
      icon={<Headphones size={16} aria-hidden="true" />}
      aria-haspopup="dialog"
      disabled={disabled}
      onPointerEnter={preload}
      onFocus={preload}
      onClick={onStart}
    />
  );
}
