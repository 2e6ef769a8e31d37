import type { SpokenSentencePart } from '@studio/contracts';
import { IconButton } from '@studio/ui';
import { Pause, Play, RotateCcw } from 'lucide-react';
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type AudioOutput,
  type AudioQueueState,
  createAudioQueue,
} from '../../../../lib/audio/audioQueue';
import { base64Bytes } from '../../../../lib/audio/base64';
import * as styles from './voice.css';

export interface SpokenReplyPlayerProps {
  /** The reply's spoken sentences so far, in order. */
  parts: readonly SpokenSentencePart[];
  /** More may still come: the reply is being written. */
  live?: boolean;
  /** The reply was stopped: its voice goes silent at once. */
  halted?: boolean;
  /** Start with the first sentence (a fresh reply). Browsers may refuse: a play button remains. */
  autoPlay?: boolean;
  /** Tests: a stand-in for Web Audio. */
  output?: () => AudioOutput;
}

const base64 = /^[A-Za-z0-9+/]*={0,2}$/;
const isBase64 = (data: string) => data.length % 4 === 0 && base64.test(data);

/** The player's words for each state of its queue. */
const stateKey: Record<AudioQueueState, string> = {
  idle: 'ready',
  waiting: 'waiting',
  playing: 'playing',
  paused: 'paused',
  ended: 'ended',
  stopped: 'stopped',
  blocked: 'blocked',
  failed: 'failed',
};

/**
 * Plays a spoken reply sentence by sentence as its parts arrive (lib/audio's queue: in order, no
 * gap), and replays it whole once it is done: play/pause and what it is doing, in words.
 */
export function SpokenReplyPlayer({
  parts,
  live = false,
  halted = false,
  autoPlay = false,
  output,
}: SpokenReplyPlayerProps) {
  const { t } = useTranslation('conversations');
  // One queue per reply, for as long as its player is shown; closing it (unmount) lets go of the
  // audio device, and a remount takes it again.
  const [queue] = useState(() => createAudioQueue(output));
  const snapshot = useSyncExternalStore(queue.subscribe, queue.snapshot);
  // Not base64: the player says it cannot play rather than throw.
  const unreadable = useMemo(() => parts.some((part) => !isBase64(part.data)), [parts]);

  useEffect(() => {
    if (autoPlay) void queue.play();
    return () => queue.close();
    // Once per mount: a reply the listener paused stays paused.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [queue]);

  useEffect(() => {
    // The queue ignores a sentence it already has: each is decoded once.
    for (const part of parts) {
      if (isBase64(part.data)) queue.push(part.index, base64Bytes(part.data).buffer);
    }
  }, [parts, queue]);

  useEffect(() => {
    if (!live) queue.end(parts.length);
  }, [live, parts.length, queue]);

  useEffect(() => {
    if (halted) queue.stop();
  }, [halted, queue]);

  const state: AudioQueueState = unreadable ? 'failed' : snapshot.state;
  const sounding = state === 'playing' || state === 'waiting';
  const toggle = () => {
    if (sounding) queue.pause();
    else void queue.play();
  };
  const icon = sounding ? (
    <Pause size={16} />
  ) : state === 'ended' || state === 'stopped' ? (
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
        label={sounding ? t('voice.player.pause') : t('voice.player.play')}
        disabled={state === 'failed'}
        onClick={toggle}
      />
      <span className={styles.playerState} aria-live="polite">
        {t(`voice.player.states.${stateKey[state]}`)}
      </span>
    </div>
  );
}
