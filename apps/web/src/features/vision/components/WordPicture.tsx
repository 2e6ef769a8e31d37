import type { VisionBox } from '@studio/contracts';
import { useId, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { boxBetween, scaleBox, toPicturePoint } from '../model/boxes';
import { wholePercent } from '../model/readText';
import {
  clickWord,
  inRange,
  moveWord,
  rangeInBox,
  type PlacedWord,
  type WordKey,
  type WordRange,
} from '../model/wordSelection';
import * as styles from './vision.css';

export interface WordPictureProps {
  /** The picture's blob: URL; null while it loads (the frame keeps its shape). */
  src: string | null;
  width: number;
  height: number;
  words: readonly PlacedWord[];
  range: WordRange | null;
  onRangeChange: (range: WordRange | null) => void;
  /** Copies the chosen words (Ctrl+C on the picture). */
  onCopy: () => void;
  showBoxes: boolean;
}

const wordKeys: ReadonlySet<string> = new Set<WordKey>([
  'ArrowLeft',
  'ArrowRight',
  'ArrowUp',
  'ArrowDown',
  'Home',
  'End',
]);
const isWordKey = (key: string): key is WordKey => wordKeys.has(key);

/** A press that moved less than this (in screen pixels) is a click, not a drag. */
const DRAG_THRESHOLD = 4;

/**
 * The picture with a box over each word read, as percentages of the picture so they scale with
 * it. The words are one listbox: hover or focus a word to see it, click or drag across words to
 * select them (Shift-click extends), or move with the arrow keys (Shift extends, Ctrl+A takes
 * all, Escape clears). The boxes can be hidden; the words still take a selection.
 */
export function WordPicture({
  src,
  width,
  height,
  words,
  range,
  onRangeChange,
  onCopy,
  showBoxes,
}: WordPictureProps) {
  const { t } = useTranslation('vision');
  const idPrefix = useId();
  const frame = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState<number | null>(null);
  const [drag, setDrag] = useState<{
    start: { x: number; y: number };
    startClient: { x: number; y: number };
    box: VisionBox | null;
  } | null>(null);
  const size = { width, height };

  const pointOf = (event: PointerEvent) => {
    const bounds = frame.current?.getBoundingClientRect();
    if (!bounds) return { x: 0, y: 0 };
    return toPicturePoint(
      { x: event.clientX - bounds.left, y: event.clientY - bounds.top },
      { width: bounds.width, height: bounds.height },
      size,
    );
  };

  const wordAt = (event: PointerEvent): number | null => {
    const target = (event.target as HTMLElement).closest<HTMLElement>('[data-word]');
    const index = target ? Number(target.dataset['word']) : NaN;
    return Number.isInteger(index) ? index : null;
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    setDrag({
      start: pointOf(event),
      startClient: { x: event.clientX, y: event.clientY },
      box: null,
    });
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!drag) return;
    const moved = Math.hypot(
      event.clientX - drag.startClient.x,
      event.clientY - drag.startClient.y,
    );
    if (moved < DRAG_THRESHOLD) return;
    const box = boxBetween(drag.start, pointOf(event));
    setDrag({ ...drag, box });
    const next = rangeInBox(words, box);
    if (next) onRangeChange(next);
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    if (!drag) return;
    const wasDrag = drag.box !== null;
    setDrag(null);
    frame.current?.focus({ preventScroll: true });
    if (wasDrag) return;
    const index = wordAt(event);
    if (index === null) {
      onRangeChange(null);
      return;
    }
    setActive(index);
    onRangeChange(clickWord(range, index, event.shiftKey));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (words.length === 0) return;
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'a') {
      event.preventDefault();
      onRangeChange({ anchor: 0, focus: words.length - 1 });
      return;
    }
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'c') {
      if (range) {
        event.preventDefault();
        onCopy();
      }
      return;
    }
    if (event.key === 'Escape' && range) {
      event.preventDefault();
      onRangeChange(null);
      return;
    }
    if (event.key === ' ' || event.key === 'Enter') {
      event.preventDefault();
      const index = active ?? 0;
      setActive(index);
      onRangeChange(clickWord(range, index, event.shiftKey));
      return;
    }
    if (!isWordKey(event.key)) return;
    event.preventDefault();
    const from = active ?? range?.focus ?? 0;
    const next = active === null ? from : moveWord(words, from, event.key);
    setActive(next);
    if (event.shiftKey)
      onRangeChange(clickWord(range ?? { anchor: from, focus: from }, next, true));
  };

  const wordId = (index: number) => `${idPrefix}-word-${index}`;
  const dragBox = drag?.box ? scaleBox(drag.box, size) : null;

  return (
    <div className={styles.pictureFrame}>
      {src ? (
        <img className={styles.picture} src={src} alt="" width={width} height={height} />
      ) : (
        // The picture's shape held while its bytes load: nothing moves when it comes.
        <div className={styles.picture} style={{ aspectRatio: `${width} / ${height}` }} />
      )}
      <div
        ref={frame}
        role="listbox"
        aria-multiselectable="true"
        aria-label={t('result.words')}
        aria-activedescendant={active === null ? undefined : wordId(active)}
        tabIndex={0}
        className={styles.words}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={() => setDrag(null)}
        onKeyDown={onKeyDown}
        onFocus={() => setActive((current) => current ?? range?.focus ?? 0)}
        onBlur={() => setActive(null)}
      >
        {words.map((word) => {
          const selected = inRange(range, word.index);
          const classes = [
            styles.word,
            showBoxes ? '' : styles.wordHidden,
            selected ? styles.wordSelected : '',
            active === word.index ? styles.wordActive : '',
          ];
          return (
            <div
              key={word.index}
              id={wordId(word.index)}
              role="option"
              aria-selected={selected}
              aria-label={t('result.word', {
                word: word.text,
                percent: wholePercent(word.confidence),
              })}
              data-word={word.index}
              className={classes.filter(Boolean).join(' ')}
              style={scaleBox(word.box, size)}
              title={word.text}
            />
          );
        })}
      </div>
      {dragBox ? <div aria-hidden="true" className={styles.dragBox} style={dragBox} /> : null}
    </div>
  );
}
