import { IconButton } from '@studio/ui';
import { Mic } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

// Recording, its meter and the transcription are fetched when the microphone is pointed at or
// pressed: nothing of them is part of a page's first load.
const loadSession = () => import('./DictationSession');
const DictationSession = lazy(() =>
  loadSession().then((module) => ({ default: module.DictationSession })),
);

export interface DictationButtonProps {
  /** The words heard, to go into the text box for the user to check (or be sent, if they chose). */
  onText: (text: string) => void;
  /**
   * The conversation it dictates into (`new` for a chat not saved yet): the language it hears
   * is kept per conversation, the interface's until the user changes it there.
   */
  conversationKey: string;
  disabled?: boolean;
}

/**
 * A microphone beside a text box: press to dictate (or hold to talk and let go to finish). While
 * it listens, the session replaces the button in place: level, time, language, stop and cancel.
 */
export function DictationButton({ onText, conversationKey, disabled }: DictationButtonProps) {
  const { t } = useTranslation();
  const [active, setActive] = useState<{ held: boolean } | null>(null);
  const preload = () => void loadSession();
  if (active) {
    return (
      <Suspense
        fallback={
          <IconButton
            variant="ghost"
            label={t('dictation.start')}
            icon={<Mic size={18} aria-hidden="true" />}
            disabled
          />
        }
      >
        <DictationSession
          held={active.held}
          conversationKey={conversationKey}
          onText={onText}
          onClose={() => setActive(null)}
        />
      </Suspense>
    );
  }
  return (
    <IconButton
      variant="ghost"
      label={t('dictation.start')}
      icon={<Mic size={18} aria-hidden="true" />}
      disabled={disabled}
      onPointerEnter={preload}
      onFocus={preload}
      // Hold to talk: pressing starts at once; letting go (after a moment) finishes.
      onPointerDown={(event) => {
        if (event.button === 0 && event.pointerType !== 'mouse') setActive({ held: true });
      }}
      onClick={() => setActive((current) => current ?? { held: false })}
    />
  );
}
