import type { SpokenSentencePart } from '@studio/contracts';
import { IconButton } from '@studio/ui';
import { Pause, Play, RotateCcw } from 'lucide-react';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type AudioOutput,
  type AudioQueue,
  type AudioQueueSnapshot,
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

const noSubscription = () => () => {};
const idle: AudioQueueSnapshot = { state: 'idle', current: null, received: 0 };
const idleSnapshot = () => idle;

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
  // One queue per reply, for as long as its player is shown (made in an effect, so a remount
  // gets a fresh one rather than a closed one).
  const [queue, setQueue] = useState<AudioQueue | null>(null);
  const snapshot = useSyncExternalStore(
    queue?.subscribe ?? noSubscription,
    queue?.snapshot ?? idleSnapshot,
  );
  const [unreadable, setUnreadable] = useState(false);

  useEffect(() => {
    const made = createAudioQueue(output);
    setQueue(made);
    if (autoPlay) void made.play();
    return () => made.close();
    // The queue lives as long as the player; a reply the listener paused stays paused.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (!queue) return;
    // The queue ignores a sentence it already has: each is decoded once.
    for (const part of parts) {
      try {
        queue.push(part.index, base64Bytes(part.data).buffer);
      } catch {
        // Not base64: the player says it cannot play rather than throw.
        setUnreadable(true);
      }
    }
  }, [parts, queue]);

  useEffect(() => {
    if (queue && !live) queue.end(parts.length);
  }, [live, parts.length, queue]);

  useEffect(() => {
    if (queue && halted) queue.stop();
  }, [halted, queue]);

  const state: AudioQueueState = unreadable ? 'failed' : snapshot.state;
  const sounding = state === 'playing' || state === 'waiting';
  const toggle = () => {
    if (sounding) queue?.pause();
    else void queue?.play();
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
