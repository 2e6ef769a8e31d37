import { Button, Modal } from '@studio/ui';
import { AudioLines, Mic, MicOff, PhoneOff } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDictationLanguage } from '../../../../components/dictation/useDictationLanguage';
import { transcribe } from '../../../../lib/api/endpoints/voice/transcribe';
import { useLanguage } from '../../../../lib/i18n/useLanguage';
import { useKeyValueStore } from '../../../../lib/storeContext';
import { createAudioQueue } from '../../../../lib/audio/audioQueue';
import { MicrophoneError, openMicrophone } from '../../../../lib/audio/capture/microphone';
import {
  type ConversationDeps,
  type ConversationLoop,
  type ConversationPhase,
  type ConversationSnapshot,
  createConversationLoop,
} from './conversationLoop';
import type { UseChat } from '../../hooks/useChat';
import * as styles from './conversation.css';
import { useScreenAwake } from './useScreenAwake';

/** What the call needs of the chat behind it. */
export type ConversationChat = Pick<UseChat, 'send' | 'stop' | 'streamingId' | 'audio'>;

export interface ConversationModeProps {
  open: boolean;
  onEnd: () => void;
  /** The chat it talks in: its words are sent there (asking for a spoken reply) and its replies heard. */
  chat: ConversationChat;
  /** The conversation: the language the call hears is dictation's for it. */
  conversationKey: string;
  /** Stand-ins for stories and tests. */
  deps?: Partial<Pick<ConversationDeps, 'openMicrophone' | 'transcribe' | 'createQueue'>>;
}

const orbOf: Record<ConversationPhase, keyof typeof styles.orb> = {
  starting: 'idle',
  listening: 'idle',
  muted: 'idle',
  ended: 'idle',
  hearing: 'user',
  transcribing: 'busy',
  thinking: 'busy',
  speaking: 'assistant',
};

/**
 * Conversation mode: a call with the assistant, hands-free. It listens (the browser hears when
 * the user starts and stops), writes down what they said, sends it, speaks the reply as it is
 * written, and listens again; speaking over the reply interrupts it. The state is shown and
 * announced at every moment, with captions of both sides; the turns are ordinary messages of the
 * chat behind it. The screen stays awake only while the call is on.
 */
export function ConversationMode({
  open,
  onEnd,
  chat,
  conversationKey,
  deps,
}: ConversationModeProps) {
  const { t } = useTranslation('chat');
  const [language] = useDictationLanguage(useKeyValueStore(), conversationKey, useLanguage());
  const [snapshot, setSnapshot] = useState<ConversationSnapshot | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [muted, setMuted] = useState(false);
  const loop = useRef<ConversationLoop | null>(null);
  // The reply of the current turn: the first reply to start after its words went.
  const [turnReplyId, setTurnReplyId] = useState<string | null>(null);
  if (chat.streamingId && turnReplyId === null) setTurnReplyId(chat.streamingId);
  const turnParts = turnReplyId ? chat.audio[turnReplyId] : undefined;
  const turnDone = turnReplyId !== null && chat.streamingId !== turnReplyId;
  const send = async (text: string) => {
    setTurnReplyId(null);
    const outcome = await chat.send(text, []);
    if (outcome.status === 'failed') throw new Error('The message was not sent.');
  };
  const latest = useRef({ send, stopReply: chat.stop, language });
  // The loop reads the newest of them when it needs them (between renders).
  useLayoutEffect(() => {
    latest.current = { send, stopReply: chat.stop, language };
  });
  useScreenAwake(open && failure === null);

  useEffect(() => {
    if (!open) return;
    const made = createConversationLoop({
      openMicrophone: deps?.openMicrophone ?? openMicrophone,
      transcribe: deps?.transcribe ?? transcribe,
      createQueue: deps?.createQueue ?? (() => createAudioQueue()),
      send: (text) => latest.current.send(text),
      stopReply: () => latest.current.stopReply(),
      language: () => latest.current.language,
      onChange: setSnapshot,
    });
    loop.current = made;
    made.start().catch((error: unknown) => {
      setFailure(
        error instanceof MicrophoneError
          ? t(`conversation.microphone.${error.kind}`)
          : t('conversation.microphone.failed'),
      );
    });
    return () => {
      made.end();
      loop.current = null;
    };
    // One loop per call; its inputs are read through `latest`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  useEffect(() => {
    if (turnReplyId === null) return;
    loop.current?.replyParts(turnParts ?? []);
    if (turnDone) loop.current?.replyEnded(turnParts?.length ?? 0);
  }, [turnReplyId, turnParts, turnDone]);

  const toggleMute = () => {
    const next = !muted;
    setMuted(next);
    loop.current?.setMuted(next);
  };

  const phase = snapshot?.phase ?? 'starting';
  const problem = snapshot?.problem ?? null;

  return (
    <Modal.Root open={open} onOpenChange={(next) => (next ? null : onEnd())}>
      <Modal.Content
        title={t('conversation.title')}
        description={t('conversation.description')}
        size="sm"
      >
        <Modal.Body>
          <div className={styles.call}>
            <div className={styles.orb[failure ? 'idle' : orbOf[phase]]} aria-hidden="true">
              {phase === 'muted' ? (
                <MicOff size={40} />
              ) : phase === 'speaking' ? (
                <AudioLines size={40} />
              ) : (
                <Mic size={40} />
              )}
            </div>
            <p className={styles.phase} role="status" aria-live="polite">
              {failure ?? t(`conversation.phases.${phase}`)}
            </p>
            {problem && !failure && <p role="alert">{t(`conversation.problems.${problem}`)}</p>}
            <div className={styles.captions} aria-live="polite">
              {snapshot?.heard && (
                <p className={styles.caption}>
                  <strong>{t('conversation.you')}:</strong> {snapshot.heard}
                </p>
              )}
              {snapshot?.saying && (
                <p className={styles.caption}>
                  <strong>{t('conversation.assistant')}:</strong> {snapshot.saying}
                </p>
              )}
            </div>
            <div className={styles.controls}>
              <Button
                variant="secondary"
                icon={
                  muted ? (
                    <Mic size={16} aria-hidden="true" />
                  ) : (
                    <MicOff size={16} aria-hidden="true" />
                  )
                }
                aria-pressed={muted}
                disabled={failure !== null}
                onClick={toggleMute}
              >
                {muted ? t('conversation.unmute') : t('conversation.mute')}
              </Button>
              <Button
                variant="danger"
                icon={<PhoneOff size={16} aria-hidden="true" />}
                onClick={onEnd}
              >
                {t('conversation.end')}
              </Button>
            </div>
          </div>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
