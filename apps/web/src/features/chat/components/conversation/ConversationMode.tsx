import type { SpokenSentencePart, TranscriptionLanguage } from '@studio/contracts';
import { Button, Modal } from '@studio/ui';
import { AudioLines, Mic, MicOff, PhoneOff } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { transcribe } from '../../../../lib/api/endpoints/voice/transcribe';
import { createAudioQueue } from '../../../../lib/audio/audioQueue';
import { MicrophoneError, openMicrophone } from '../../../../lib/audio/capture/microphone';
import {
  type ConversationDeps,
  type ConversationLoop,
  type ConversationPhase,
  type ConversationSnapshot,
  createConversationLoop,
} from './conversationLoop';
import * as styles from './conversation.css';
import { useScreenAwake } from './useScreenAwake';

export interface ConversationModeProps {
  open: boolean;
  onEnd: () => void;
  /** Sends the words as the user's message (a spoken reply is asked for while the call is on). */
  send: (text: string) => Promise<void>;
  /** Stops the reply being written. */
  stopReply: () => void;
  /** The reply of this turn, once it started: its id, its sentences so far and whether it is done. */
  reply: { id: string; parts: readonly SpokenSentencePart[]; done: boolean } | null;
  language: TranscriptionLanguage;
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
  send,
  stopReply,
  reply,
  language,
  deps,
}: ConversationModeProps) {
  const { t } = useTranslation('chat');
  const [snapshot, setSnapshot] = useState<ConversationSnapshot | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [muted, setMuted] = useState(false);
  const loop = useRef<ConversationLoop | null>(null);
  const latest = useRef({ send, stopReply, language });
  latest.current = { send, stopReply, language };
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
    if (!reply) return;
    loop.current?.replyParts(reply.parts);
    if (reply.done) loop.current?.replyEnded(reply.parts.length);
  }, [reply]);

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
