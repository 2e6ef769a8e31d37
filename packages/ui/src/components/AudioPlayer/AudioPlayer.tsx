import { Pause, Play, Repeat } from 'lucide-react';
import { forwardRef, useEffect, useRef, useState, type ReactNode } from 'react';
import { useUiTranslation } from '../../i18n';
import { IconButton } from '../IconButton';
import type { CommonProps } from '../private/commonProps';
import { formatClock } from '../Waveform/clock';
import { Waveform, type WaveformMarker, type WaveformSize } from '../Waveform/Waveform';
import * as styles from './AudioPlayer.css';

/** Closed: the player's own props, an id and a test id (see private/commonProps.ts). */
export interface AudioPlayerProps extends CommonProps {
  /**
   * The sound (a blob: or same-origin URL). null until it is fetched: pressing play then calls
   * `onPlayRequest`, and the sound plays once it arrives.
   */
  src: string | null;
  /** What is playing, for the buttons' and the slider's names ("Play Greeting"). */
  title: string;
  /** The waveform's bars (computePeaks); null or absent: a plain progress bar. */
  peaks?: readonly number[] | null;
  /** The peaks are being measured. */
  peaksLoading?: boolean;
  /** The length in seconds when known before the sound's own (a clip's stored duration). */
  duration?: number;
  /** The sound is being fetched (after `onPlayRequest`). */
  loading?: boolean;
  /** Asked to play while `src` is null: fetch the sound. */
  onPlayRequest?: () => void;
  /** Starts playing as soon as the sound is there (a result the person just asked for). */
  autoPlay?: boolean;
  /** Tells the page when playback starts and stops (to stop another player). */
  onPlayingChange?: (playing: boolean) => void;
  /** A download button or link at the end of the row. */
  download?: ReactNode;
  /** `md` by default; `sm` in a card. */
  size?: WaveformSize;
  /** Named places on the waveform (a piece's sections). */
  markers?: readonly WaveformMarker[];
  /** Offers a loop toggle (music): when on, the sound starts again at its end. */
  loopable?: boolean;
}

/**
 * A sound with its controls: play/pause, the Waveform as its seek bar (or a plain bar when there
 * is no picture of the sound), the clock and a download slot. It owns one <audio> element; a
 * sound that cannot be played is said in place of the waveform.
 */
export const AudioPlayer = forwardRef<HTMLDivElement, AudioPlayerProps>(function AudioPlayer(
  {
    src,
    title,
    peaks = null,
    peaksLoading = false,
    duration: knownDuration,
    loading = false,
    onPlayRequest,
    autoPlay = false,
    onPlayingChange,
    download,
    size = 'md',
    markers,
    loopable = false,
    ...common
  },
  ref,
) {
  const { t } = useUiTranslation();
  const audio = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const [position, setPosition] = useState(0);
  const [mediaDuration, setMediaDuration] = useState(0);
  const [failed, setFailed] = useState(false);
  const [looping, setLooping] = useState(false);
  // Play was pressed before the sound was there: it plays when it arrives.
  const wanted = useRef(autoPlay);
  const reportPlaying = useRef(onPlayingChange);
  useEffect(() => {
    reportPlaying.current = onPlayingChange;
  });

  useEffect(() => {
    const element = audio.current;
    if (!element || src === null) return;
    setFailed(false);
    setPosition(0);
    let frame = 0;
    // timeupdate comes four times a second: the bars follow each frame while playing.
    const follow = () => {
      setPosition(element.currentTime);
      frame = requestAnimationFrame(follow);
    };
    const onPlay = () => {
      setPlaying(true);
      reportPlaying.current?.(true);
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(follow);
    };
    const onStop = () => {
      setPlaying(false);
      reportPlaying.current?.(false);
      cancelAnimationFrame(frame);
      setPosition(element.currentTime);
    };
    const onTime = () => setPosition(element.currentTime);
    const onMetadata = () => {
      if (Number.isFinite(element.duration)) setMediaDuration(element.duration);
    };
    const onError = () => {
      onStop();
      setFailed(true);
    };
    element.addEventListener('play', onPlay);
    element.addEventListener('pause', onStop);
    element.addEventListener('ended', onStop);
    element.addEventListener('timeupdate', onTime);
    element.addEventListener('seeked', onTime);
    element.addEventListener('loadedmetadata', onMetadata);
    element.addEventListener('durationchange', onMetadata);
    element.addEventListener('error', onError);
    if (wanted.current) {
      wanted.current = false;
      element.play().catch(() => undefined);
    }
    return () => {
      cancelAnimationFrame(frame);
      element.removeEventListener('play', onPlay);
      element.removeEventListener('pause', onStop);
      element.removeEventListener('ended', onStop);
      element.removeEventListener('timeupdate', onTime);
      element.removeEventListener('seeked', onTime);
      element.removeEventListener('loadedmetadata', onMetadata);
      element.removeEventListener('durationchange', onMetadata);
      element.removeEventListener('error', onError);
    };
  }, [src]);

  const duration = mediaDuration > 0 ? mediaDuration : (knownDuration ?? 0);

  const toggle = () => {
    const element = audio.current;
    if (src === null || !element) {
      wanted.current = true;
      onPlayRequest?.();
      return;
    }
    if (element.paused) element.play().catch(() => undefined);
    else element.pause();
  };

  const seek = (seconds: number) => {
    const element = audio.current;
    if (!element) return;
    element.currentTime = seconds;
    setPosition(seconds);
  };

  const toggleLoop = () => {
    const next = !looping;
    setLooping(next);
    // The element's own loop: no gap and no event to miss at the end.
    if (audio.current) audio.current.loop = next;
  };

  const label = playing ? t('audioPlayer.pause', { title }) : t('audioPlayer.play', { title });

  return (
    <div ref={ref} className={styles.player} {...common}>
      {/* eslint-disable-next-line jsx-a11y/media-has-caption -- a caller shows the sound's text (its transcript) beside it. */}
      <audio ref={audio} src={src ?? undefined} preload="metadata" loop={looping} />
      <IconButton
        variant="secondary"
        size={size === 'sm' ? 'sm' : 'md'}
        icon={playing ? <Pause size={16} /> : <Play size={16} />}
        label={label}
        loading={loading}
        disabled={failed || (src === null && onPlayRequest === undefined)}
        onClick={toggle}
      />
      {failed ? (
        <p className={styles.failed} role="alert">
          {t('audioPlayer.failed')}
        </p>
      ) : (
        <div className={styles.wave}>
          <Waveform
            aria-label={t('audioPlayer.position', { title })}
            peaks={peaks}
            loading={peaksLoading}
            position={position}
            duration={duration}
            disabled={src === null}
            onSeek={seek}
            size={size}
            markers={markers}
          />
        </div>
      )}
      {loopable ? (
        <IconButton
          variant={looping ? 'primary' : 'ghost'}
          size={size === 'sm' ? 'sm' : 'md'}
          icon={<Repeat size={16} />}
          label={t('audioPlayer.loop', { title })}
          aria-pressed={looping}
          disabled={failed}
          onClick={toggleLoop}
        />
      ) : null}
      <span className={styles.clock} aria-hidden="true">
        {formatClock(position)} / {formatClock(duration)}
      </span>
      {download !== undefined ? <div className={styles.download}>{download}</div> : null}
    </div>
  );
});
