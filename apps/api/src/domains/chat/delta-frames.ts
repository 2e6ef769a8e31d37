/**
 * How long a reply's words wait to go out together. A model sends a word or two at a time, often
 * 50–100 a second; each piece passed on alone cost its own log entry (a Redis XADD across
 * instances), its own event and its own socket write for every follower, which was most of the
 * API's time per piece while 200 replies streamed at once (`npm run bench:chat-load`). Grouped
 * into frames of 40 ms (25 a second, still smooth to a reader), the first words still go out the
 * moment they come.
 */
export const deltaFrameMs = 40;

export interface DeltaFrames {
  /** Passes `text` on now when no frame is open, else adds it to the frame's. */
  push(text: string): void;
  /** Passes on what the open frame holds now (before any other event, and before the last). */
  flush(): void;
}

/**
 * Groups a reply's text pieces into frames: a piece that comes when nothing went out within the
 * last frame goes at once and opens a frame; the pieces that come while it is open go together
 * when it closes, which opens the next one. Nothing is reordered or lost: `flush` empties the
 * open frame at once, so another event (a spoken sentence, the end) never overtakes its words.
 */
export function createDeltaFrames(
  send: (text: string) => void,
  frameMs: number = deltaFrameMs,
): DeltaFrames {
  let held = '';
  let frame: ReturnType<typeof setTimeout> | null = null;

  const close = () => {
    if (held.length === 0) {
      frame = null;
      return;
    }
    const text = held;
    held = '';
    send(text);
    frame = setTimeout(close, frameMs);
  };

  return {
    push(text) {
      if (frame !== null) {
        held += text;
        return;
      }
      send(text);
      frame = setTimeout(close, frameMs);
    },
    flush() {
      if (frame !== null) clearTimeout(frame);
      frame = null;
      if (held.length === 0) return;
      const text = held;
      held = '';
      send(text);
    },
  };
}
