import { clsx } from 'clsx';
import { forwardRef, type KeyboardEvent, type PointerEvent } from 'react';
import { useUiTranslation } from '../../i18n';
import type { CommonProps, LabellingProps } from '../private/commonProps';
import { formatClock } from './clock';
import * as styles from './Waveform.css';

export const waveformSizes = ['sm', 'md'] as const;
export type WaveformSize = (typeof waveformSizes)[number];

/** How many placeholder bars the loading state draws. */
const LOADING_BARS = 48;
/** The shortest bar drawn (of the full height), so silence still shows where the sound is. */
const MIN_BAR = 0.06;

/** A named place in the sound (a song's verse, chorus…), drawn as a tick with its name. */
export interface WaveformMarker {
  /** Where it starts, in seconds. */
  at: number;
  label: string;
}

/** Closed: the waveform's own props, an id, a test id and its name (see private/commonProps.ts). */
export interface WaveformProps extends CommonProps, LabellingProps {
  /**
   * The sound's loudness, one number 0–1 a bar (computePeaks). null: no picture of the sound (it
   * could not be decoded), then a plain progress bar does the same job.
   */
  peaks: readonly number[] | null;
  /** Where playback is, in seconds. */
  position: number;
  /** The sound's length in seconds; 0 while unknown (nothing to seek yet). */
  duration: number;
  /** A click, a drag or a key asked to play from here (seconds, within 0…duration). */
  onSeek?: (seconds: number) => void;
  /** The peaks are being measured: placeholder bars, announced as loading. */
  loading?: boolean;
  /** Nothing to seek (no sound yet): shown, not operable. */
  disabled?: boolean;
  /** Seconds an arrow key moves; 5 by default (Page Up/Down move a tenth, Home/End the ends). */
  step?: number;
  /** `md` (3rem) by default; `sm` (2rem) in a compact player. */
  size?: WaveformSize;
  /**
   * Places named on the bars (a piece's sections): a tick and a short label each, for the eye
   * only; the slider's value text names the marker playback is in.
   */
  markers?: readonly WaveformMarker[];
}

const clamp = (value: number, max: number) => Math.min(Math.max(value, 0), max);

/**
 * A sound's waveform as a seek bar: bars (already heard in the accent), seeking by click, drag or
 * keyboard (arrows, Page Up/Down, Home/End), and a slider for assistive technology whose value
 * reads "0:42 of 1:30". It keeps its height in every state (bars, plain bar, loading).
 */
export const Waveform = forwardRef<HTMLDivElement, WaveformProps>(function Waveform(
  {
    peaks,
    position,
    duration,
    onSeek,
    loading = false,
    disabled = false,
    step = 5,
    size = 'md',
    markers = [],
    ...rest
  },
  ref,
) {
  const { t } = useUiTranslation();
  const length = Number.isFinite(duration) && duration > 0 ? duration : 0;
  const at = clamp(Number.isFinite(position) ? position : 0, length);
  const fraction = length > 0 ? at / length : 0;
  const inert = disabled || loading || length === 0 || onSeek === undefined;

  const seek = (seconds: number) => {
    if (!inert) onSeek?.(clamp(seconds, length));
  };

  const seekToPointer = (event: PointerEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    if (box.width <= 0) return;
    seek(((event.clientX - box.left) / box.width) * length);
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (inert || event.button !== 0) return;
    // Dragging keeps seeking even when the pointer leaves the bars.
    event.currentTarget.setPointerCapture?.(event.pointerId);
    seekToPointer(event);
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (inert || !event.currentTarget.hasPointerCapture?.(event.pointerId)) return;
    seekToPointer(event);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (inert) return;
    const moves: Record<string, number> = {
      ArrowRight: at + step,
      ArrowUp: at + step,
      ArrowLeft: at - step,
      ArrowDown: at - step,
      PageUp: at + length / 10,
      PageDown: at - length / 10,
      Home: 0,
      End: length,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    seek(target);
  };

  const placed = length > 0 ? markers.filter((marker) => marker.at >= 0 && marker.at < length) : [];
  const current = [...placed].reverse().find((marker) => marker.at <= at);
  const plainValue = t('waveform.valueText', {
    position: formatClock(at),
    duration: formatClock(length),
  });
  const valueText = loading
    ? t('waveform.loading')
    : current
      ? t('waveform.valueTextIn', { value: plainValue, marker: current.label })
      : plainValue;
  const named = rest['aria-label'] !== undefined || rest['aria-labelledby'] !== undefined;

  let picture;
  if (loading) {
    picture = (
      <svg
        className={styles.bars}
        viewBox={`0 0 ${LOADING_BARS * 2} 100`}
        preserveAspectRatio="none"
        aria-hidden="true"
        focusable="false"
      >
        {Array.from({ length: LOADING_BARS }, (_, index) => (
          <rect
            key={index}
            className={styles.loadingBar}
            x={index * 2 + 0.3}
            y={40}
            width={1.4}
            height={20}
            rx={0.7}
          />
        ))}
      </svg>
    );
  } else if (peaks !== null && peaks.length > 0) {
    const count = peaks.length;
    picture = (
      <svg
        className={styles.bars}
        viewBox={`0 0 ${count * 2} 100`}
        preserveAspectRatio="none"
        aria-hidden="true"
        focusable="false"
      >
        {peaks.map((peak, index) => {
          const height = Math.max(MIN_BAR, Math.min(1, Number.isFinite(peak) ? peak : 0)) * 100;
          // A bar is heard once playback has passed its middle.
          const heard = (index + 0.5) / count <= fraction;
          return (
            <rect
              key={index}
              className={heard ? styles.played : styles.unplayed}
              x={index * 2 + 0.3}
              y={(100 - height) / 2}
              width={1.4}
              height={height}
            />
          );
        })}
      </svg>
    );
  } else {
    picture = (
      <span className={styles.track} aria-hidden="true">
        <span
          className={clsx(styles.fill)}
          style={{ display: 'block', width: `${fraction * 100}%` }}
        />
      </span>
    );
  }

  return (
    <div
      ref={ref}
      role="slider"
      tabIndex={disabled ? -1 : 0}
      aria-label={named ? undefined : t('waveform.label')}
      aria-valuemin={0}
      aria-valuemax={Math.round(length)}
      aria-valuenow={Math.round(at)}
      aria-valuetext={valueText}
      aria-busy={loading || undefined}
      aria-disabled={inert || undefined}
      aria-orientation="horizontal"
      {...rest}
      className={styles.waveform({ size })}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onKeyDown={onKeyDown}
    >
      {picture}
      {loading
        ? null
        : placed.map((marker, index) => (
            // Each marker spans to the next one, so its label has that room and no more: on a
            // narrow card, short sections' labels are cut or left out rather than overlap.
            <span
              key={`${index}-${marker.at}`}
              className={styles.marker}
              style={{
                insetInlineStart: `${(marker.at / length) * 100}%`,
                width: `${(((placed[index + 1]?.at ?? length) - marker.at) / length) * 100}%`,
              }}
              aria-hidden="true"
            >
              <span className={styles.markerLabel}>{marker.label}</span>
            </span>
          ))}
    </div>
  );
});
