/**
 * Plays numbered pieces of audio (the sentences of a spoken reply, the parts of a voice clip) one
 * after another in their order, as they arrive, with no gap and no overlap: each is decoded with
 * Web Audio and scheduled to start exactly when the one before it ends. A piece that arrives
 * early waits for the ones before it; when the next has not arrived yet, the queue waits for it
 * and goes on by itself. Stop silences it at once.
 */

export type AudioQueueState =
  /** Nothing to play yet. */
  | 'idle'
  /** Playing has started and the next piece is still on its way. */
  | 'waiting'
  | 'playing'
  | 'paused'
  /** Every piece has been heard (and no more are coming). */
  | 'ended'
  /** Stopped by the listener (or the reply being stopped). */
  | 'stopped'
  /** The browser refused to start sound before the listener interacted with the page. */
  | 'blocked'
  /** A piece could not be decoded. */
  | 'failed';

export interface AudioQueueSnapshot {
  state: AudioQueueState;
  /** The piece being heard (or last heard); null before the first. */
  current: number | null;
  /** Pieces received so far. */
  received: number;
}

export interface AudioQueue {
  /** Piece `index` (0, 1, 2…): an encoded file (WAV, MP3, Ogg). Duplicates are ignored. */
  push(index: number, data: ArrayBuffer): void;
  /** No piece after `count - 1` will come: the queue ends after it. */
  end(count: number): void;
  /** Starts (or resumes, or replays from the start once ended). */
  play(): Promise<void>;
  pause(): void;
  /** Silences it at once; later pieces are still kept for a replay. */
  stop(): void;
  snapshot(): AudioQueueSnapshot;
  subscribe(listener: () => void): () => void;
  /** Lets go of the audio device (a later play takes it again: a remounted player reuses it). */
  close(): void;
}

/** What the queue needs of Web Audio (a fake in unit tests). */
export interface AudioOutput {
  readonly currentTime: number;
  readonly state: string;
  decodeAudioData(data: ArrayBuffer): Promise<AudioBuffer>;
  createBufferSource(): AudioBufferSourceNode;
  readonly destination: AudioNode;
  resume(): Promise<void>;
  suspend(): Promise<void>;
  close(): Promise<void>;
}

/** The queue heard now: one voice at a time, so a new reply (or clip) silences the one before. */
let audible: AudioQueue | null = null;

export function createAudioQueue(output: () => AudioOutput = () => new AudioContext()): AudioQueue {
  let context: AudioOutput | null = null;
  const decoded = new Map<number, AudioBuffer>();
  const pending = new Set<number>();
  let total: number | null = null;
  /** The next piece to schedule. */
  let next = 0;
  /** When the last scheduled piece ends (context time). */
  let endsAt = 0;
  const sources: AudioBufferSourceNode[] = [];
  let snapshot: AudioQueueSnapshot = { state: 'idle', current: null, received: 0 };
  /** Playing (or meaning to play once pieces come). */
  let wanted = false;
  const listeners = new Set<() => void>();

  function set(change: Partial<AudioQueueSnapshot>): void {
    snapshot = { ...snapshot, ...change };
    for (const listener of listeners) listener();
  }

  function audio(): AudioOutput {
    context ??= output();
    return context;
  }

  function silence(): void {
    for (const source of sources.splice(0)) {
      source.onended = null;
      try {
        source.stop();
      } catch {
        // Never started: nothing to stop.
      }
    }
  }

  /** Schedules every decoded piece that is next in line. */
  function schedule(): void {
    if (!wanted) return;
    const ctx = audio();
    for (let buffer = decoded.get(next); buffer; buffer = decoded.get(next)) {
      const index = next;
      const source = ctx.createBufferSource();
      source.buffer = buffer;
      source.connect(ctx.destination);
      const startAt = Math.max(ctx.currentTime, endsAt);
      source.start(startAt);
      endsAt = startAt + buffer.duration;
      sources.push(source);
      next += 1;
      // The piece being heard changes when it starts; its end tells whether to wait or finish.
      const startsIn = Math.max(0, (startAt - ctx.currentTime) * 1000);
      setTimeout(() => {
        if (sources.includes(source)) set({ current: index, state: 'playing' });
      }, startsIn);
      source.onended = () => {
        sources.splice(sources.indexOf(source), 1);
        if (sources.length > 0 || !wanted) return;
        if (total !== null && next >= total) {
          wanted = false;
          set({ state: 'ended' });
        } else {
          set({ state: 'waiting' });
        }
      };
    }
    if (sources.length === 0 && snapshot.state !== 'ended') {
      set({ state: total !== null && next >= total ? 'ended' : 'waiting' });
    }
  }

  const queue: AudioQueue = {
    push(index, data) {
      if (decoded.has(index) || pending.has(index)) return;
      pending.add(index);
      set({ received: snapshot.received + 1 });
      audio()
        .decodeAudioData(data)
        .then((buffer) => {
          pending.delete(index);
          decoded.set(index, buffer);
          schedule();
        })
        .catch(() => {
          pending.delete(index);
          wanted = false;
          silence();
          set({ state: 'failed' });
        });
    },
    end(count) {
      total = count;
      if (wanted && sources.length === 0 && next >= count) {
        wanted = false;
        set({ state: 'ended' });
      }
    },
    async play() {
      if (audible !== queue) audible?.stop();
      audible = queue;
      const ctx = audio();
      if (snapshot.state === 'paused') {
        wanted = true;
        await ctx.resume();
        set({ state: sources.length > 0 ? 'playing' : 'waiting' });
        // Pieces that arrived while paused.
        schedule();
        return;
      }
      if (
        snapshot.state === 'ended' ||
        snapshot.state === 'stopped' ||
        snapshot.state === 'failed'
      ) {
        silence();
        next = 0;
        endsAt = 0;
      }
      wanted = true;
      try {
        await ctx.resume();
      } catch {
        // Resuming is refused until the page has been interacted with.
      }
      if (ctx.state !== 'running') {
        wanted = false;
        set({ state: 'blocked' });
        return;
      }
      set({ state: 'waiting' });
      schedule();
    },
    pause() {
      if (!context || !wanted) return;
      wanted = false;
      void context.suspend();
      set({ state: 'paused' });
    },
    stop() {
      wanted = false;
      silence();
      // Whatever was scheduled after now is gone; a replay starts from the first piece.
      next = 0;
      endsAt = 0;
      if (snapshot.state !== 'idle') set({ state: 'stopped' });
      if (context?.state === 'suspended') void context.resume();
    },
    snapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close() {
      wanted = false;
      silence();
      next = 0;
      endsAt = 0;
      void context?.close();
      context = null;
      if (audible === queue) audible = null;
      if (snapshot.state !== 'idle') set({ state: 'stopped' });
    },
  };
  return queue;
}
