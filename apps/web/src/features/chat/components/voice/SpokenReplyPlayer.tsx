import type { SpokenReply } from '@studio/contracts';
import { IconButton } from '@studio/ui';
import { Pause, Play, RotateCcw } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { spokenReplyBlob } from './audioBlob';
import * as styles from './voice.css';

export interface SpokenReplyPlayerProps {
  audio: SpokenReply;
  /** Start as soon as it is ready (a fresh reply). Browsers may refuse: a play button remains. */
  autoPlay?: boolean;
}

export type PlayerState = 'ready' | 'playing' | 'paused' | 'ended' | 'blocked' | 'failed';

function blobOf(audio: SpokenReply): Blob | null {
  try {
    return spokenReplyBlob(audio);
  } catch {
    // Not base64: the player says it cannot play rather than throw.
    return null;
  }
}

/** Plays one spoken reply: play/pause and what it is doing, in words. */
export function SpokenReplyPlayer({ audio, autoPlay = false }: SpokenReplyPlayerProps) {
  const { t } = useTranslation('conversations');
  const element = useRef<HTMLAudioElement>(null);
  const blob = useMemo(() => blobOf(audio), [audio]);
  // The state belongs to one reply: a new one starts from 'ready'.
  const [status, setStatus] = useState<{ blob: Blob | null; state: PlayerState }>({
    blob,
    state: 'ready',
  });
  const state: PlayerState = !blob ? 'failed' : status.blob === blob ? status.state : 'ready';
  const set = (next: PlayerState) => setStatus({ blob, state: next });

  // One object URL per reply, on the element itself, let go when the reply changes or leaves.
  useEffect(() => {
    const player = element.current;
    if (!blob || !player) return;
    const url = URL.createObjectURL(blob);
    player.src = url;
    if (autoPlay) {
      // Autoplay with sound is often refused until the user has interacted with the page.
      player.play().catch(() => setStatus({ blob, state: 'blocked' }));
    }
    return () => {
      player.pause();
      player.removeAttribute('src');
      URL.revokeObjectURL(url);
    };
  }, [blob, autoPlay]);

  const toggle = () => {
    const player = element.current;
    if (!player) return;
    if (state === 'playing') {
      player.pause();
      return;
    }
    player.play().catch(() => set('failed'));
  };

  const playing = state === 'playing';
  const icon = playing ? (
    <Pause size={16} />
  ) : state === 'ended' ? (
    <RotateCcw size={16} />
  ) : (
    <Play size={16} />
  );

  return (
    <div className={styles.player} role="group" aria-label={t('voice.player.label')}>
      <IconButton
        variant="ghost"
        size="sm"
        icon={icon}
        label={playing ? t('voice.player.pause') : t('voice.player.play')}
        disabled={state === 'failed'}
        onClick={toggle}
      />
      <span className={styles.playerState} aria-live="polite">
        {t(`voice.player.states.${state}`)}
      </span>
      {/* eslint-disable-next-line jsx-a11y/media-has-caption -- the reply's text beside it is the transcript. */}
      <audio
        ref={element}
        preload="auto"
        onPlay={() => set('playing')}
        onPause={() =>
          setStatus((now) => (now.state === 'ended' ? now : { blob, state: 'paused' }))
        }
        onEnded={() => set('ended')}
        onError={() => set('failed')}
      />
    </div>
  );
}
