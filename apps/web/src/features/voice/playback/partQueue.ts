/**
 * Where a synthesis job's sentences go to be heard: each is appended right after the one before
 * (no gap, no overlap) and played once; stop silences everything at once.
 */
export interface PartSink {
  /** Plays `part` after everything appended before; resolves once it is scheduled. */
  append(part: Blob): Promise<void>;
  stop(): void;
}

export interface PartQueueProgress {
  /** Parts handed to the sink, in order (the next one to fetch is this index). */
  queued: number;
  /** Why the queue gave up (a part could not be fetched or decoded); null while it goes on. */
  error: unknown;
  stopped: boolean;
}

export interface PartQueueOptions {
  fetchPart: (index: number, signal: AbortSignal) => Promise<Blob>;
  sink: PartSink;
  onProgress?: (progress: PartQueueProgress) => void;
}

export interface PartQueue {
  /** Parts 0…done-1 are spoken (the job's `steps.done`): fetch and play those not yet played. */
  ready(done: number): void;
  /** Stops fetching and playing; later `ready` calls do nothing. */
  stop(): void;
}

/**
 * Plays a job's sentences in order as they become ready (GET …/parts/{n} once `steps.done > n`):
 * one fetch at a time, each part fetched once however often `ready` repeats itself, each handed
 * to the sink only after the one before, so the order holds whatever the network does. A part
 * that fails ends the listening (the finished clip still comes); stop aborts the fetch under way.
 */
export function createPartQueue({ fetchPart, sink, onProgress }: PartQueueOptions): PartQueue {
  const controller = new AbortController();
  let available = 0;
  let queued = 0;
  let pumping = false;
  let error: unknown = null;
  let stopped = false;

  const report = () => onProgress?.({ queued, error, stopped });

  const pump = async () => {
    if (pumping) return;
    pumping = true;
    try {
      while (!stopped && error === null && queued < available) {
        const part = await fetchPart(queued, controller.signal);
        if (stopped) return;
        await sink.append(part);
        if (stopped) return;
        queued += 1;
        report();
      }
    } catch (failure) {
      if (!stopped) {
        error = failure;
        report();
      }
    } finally {
      pumping = false;
    }
  };

  return {
    ready(done) {
      if (stopped || done <= available) return;
      available = done;
      void pump();
    },
    stop() {
      if (stopped) return;
      stopped = true;
      controller.abort();
      sink.stop();
      report();
    },
  };
}
