/**
 * Live logs: the events of one piece of work that is written while people watch it (a chat
 * reply), kept apart from the connections that watch it. The work appends its events to its log;
 * anyone allowed may follow the log from any point (`after` the last event they had), from this
 * instance or, through Redis, from any other; the work goes on when a follower goes away, and
 * ends only when it ends itself or is stopped (from any instance).
 *
 * Two backends, as the job queue has: in memory (one process: a restart loses what was running)
 * and Redis (redis-live-logs.ts: several processes share every log, and a log whose
 * writer died is noticed and ended by another process).
 */

/** One event of a log: numbered from 1 in the order it was appended. */
export interface LiveEntry {
  seq: number;
  type: string;
  data: unknown;
  /** The log's last event: nothing follows it. */
  final: boolean;
}

/**
 * What the work's owner wrote on its log when it started: who may follow and stop it, and what
 * another process needs to end it if this one dies. Plain strings (Redis keeps them as they are).
 */
export type LiveMeta = Readonly<Record<string, string>>;

/** Why a run's signal was aborted. */
export type LiveAbortReason = 'stop' | 'shutdown' | 'abandoned';

/** A piece of work being written to its log, on this instance. */
export interface LiveRun {
  readonly id: string;
  /**
   * Aborted (with a LiveAbortReason as its reason) by a stop from any instance, by this
   * process's shutdown, or when another process declared the run dead (it stopped beating).
   */
  readonly signal: AbortSignal;
  /** Appends an event; followers here see it at once, elsewhere as soon as Redis has it. */
  append(type: string, data: unknown): void;
  /** Appends the last event and keeps the log for late followers (the retention). */
  finish(type: string, data: unknown): Promise<void>;
}

/**
 * How a log whose writer died (no heartbeat) is ended: its owner's recovery reads what was
 * written and answers the last event to append (a reply saved as far as it got, interrupted).
 */
export type AbandonedHandler = (
  id: string,
  meta: LiveMeta,
  entries: readonly LiveEntry[],
) => Promise<{ type: string; data: unknown }>;

export interface LiveLogs {
  /**
   * Opens a log for work starting on this instance (the id must be new). `topic` names what the
   * work belongs to (a conversation), so runningIn(topic) finds it while it runs.
   */
  start(id: string, meta: LiveMeta, topic?: string | null): Promise<LiveRun>;
  /** The id of the latest run started on `topic` if it is still being written, else null. */
  runningIn(topic: string): Promise<string | null>;
  /** What the log's owner wrote on it when it started; null when there is no such log (or any longer). */
  meta(id: string): Promise<LiveMeta | null>;
  /** Whether the log's work is still being written (not yet its last event). */
  running(id: string): Promise<boolean>;
  /**
   * The log's events after `after` (0: all), then each new one as it is appended, until the last
   * one; ends early when `signal` aborts. Throws LiveLogGone when there is no such log.
   */
  follow(id: string, after: number, signal: AbortSignal): AsyncGenerator<LiveEntry>;
  /** Asks whichever instance runs the log's work to stop it; false when it was not running. */
  stop(id: string): Promise<boolean>;
  /** Who ends a log whose writer died (Redis only: in memory the writer is this process). */
  onAbandoned(handler: AbandonedHandler): void;
  /** Ends the logs whose writer died; the count ended (the sweep job runs it now and then). */
  sweep(): Promise<number>;
  /** The runs on this instance now. */
  readonly localRuns: number;
  /**
   * Aborts every run on this instance with `reason` and waits until each has written its last
   * event (or `waitMs` passed).
   */
  abortAll(reason: LiveAbortReason, waitMs: number): Promise<void>;
  close(): Promise<void>;
}

/** No such log: never started, or kept no longer (its retention is over), or Redis lost it. */
export class LiveLogGone extends Error {
  constructor(id: string) {
    super(`No live log ${id}`);
    this.name = 'LiveLogGone';
  }
}

/** How long a finished log stays for late followers (a reload, a second tab, a lost network). */
export const defaultRetentionMs = 10 * 60 * 1000;

/** One log kept in this process: its events and whoever waits for the next. */
export interface LocalLog {
  id: string;
  meta: LiveMeta;
  entries: LiveEntry[];
  finished: boolean;
  controller: AbortController;
  waiters: Set<() => void>;
  /** Resolves once the last event is appended. */
  ended: Promise<void>;
  markEnded: () => void;
  expiry: ReturnType<typeof setTimeout> | null;
}

/**
 * The logs of this process, which both backends keep: the memory backend is only this, and the
 * Redis backend keeps its own runs here too, so the connection that started a reply (and any
 * follower on the same instance) reads it without a round trip to Redis.
 */
export function createLocalLogs(retentionMs: number) {
  const logs = new Map<string, LocalLog>();

  function wake(log: LocalLog) {
    const waiters = [...log.waiters];
    log.waiters.clear();
    for (const wakeUp of waiters) wakeUp();
  }

  return {
    get(id: string): LocalLog | undefined {
      return logs.get(id);
    },
    open(id: string, meta: LiveMeta): LocalLog {
      if (logs.has(id)) throw new Error(`live log ${id} exists already`);
      let markEnded = () => {};
      const ended = new Promise<void>((resolve) => {
        markEnded = resolve;
      });
      const log: LocalLog = {
        id,
        meta,
        entries: [],
        finished: false,
        controller: new AbortController(),
        waiters: new Set(),
        ended,
        markEnded,
        expiry: null,
      };
      logs.set(id, log);
      return log;
    },
    /** Appends (ignored once the log has its last event: a late writer after a stop or a sweep). */
    append(log: LocalLog, type: string, data: unknown, final: boolean): LiveEntry | null {
      if (log.finished) return null;
      const entry: LiveEntry = { seq: log.entries.length + 1, type, data, final };
      log.entries.push(entry);
      if (final) {
        log.finished = true;
        log.markEnded();
        log.expiry = setTimeout(() => logs.delete(log.id), retentionMs);
        log.expiry.unref();
      }
      wake(log);
      return entry;
    },
    async *follow(log: LocalLog, after: number, signal: AbortSignal): AsyncGenerator<LiveEntry> {
      let next = Math.max(0, after);
      // One abort listener for the whole follow, not one per wait: a reply waits once per
      // delta, and adding and removing a listener each time was a measurable part of its cost.
      let wakeUp: (() => void) | null = null;
      const onAbort = () => wakeUp?.();
      signal.addEventListener('abort', onAbort, { once: true });
      try {
        for (;;) {
          while (next < log.entries.length) {
            const entry = log.entries[next] as LiveEntry;
            next += 1;
            yield entry;
            if (entry.final) return;
          }
          if (log.finished || signal.aborted) return;
          await new Promise<void>((resolve) => {
            wakeUp = resolve;
            log.waiters.add(resolve);
          });
          if (wakeUp) log.waiters.delete(wakeUp);
          wakeUp = null;
        }
      } finally {
        signal.removeEventListener('abort', onAbort);
        if (wakeUp) log.waiters.delete(wakeUp);
      }
    },
    running(): LocalLog[] {
      return [...logs.values()].filter((log) => !log.finished);
    },
    async abortAll(reason: LiveAbortReason, waitMs: number): Promise<void> {
      const running = [...logs.values()].filter((log) => !log.finished);
      if (running.length === 0) return;
      // The runs may end by themselves within the wait; those left are aborted, then awaited.
      const allEnded = Promise.all(running.map((log) => log.ended));
      let timer: ReturnType<typeof setTimeout> | undefined;
      const waited = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, waitMs);
      });
      await Promise.race([allEnded, waited]);
      clearTimeout(timer);
      for (const log of running) if (!log.finished) log.controller.abort(reason);
      await allEnded;
    },
    clear() {
      for (const log of logs.values()) {
        if (log.expiry) clearTimeout(log.expiry);
        wake(log);
      }
      logs.clear();
    },
  };
}

export type LocalLogs = ReturnType<typeof createLocalLogs>;

/** One process, everything in memory (no REDIS_URL): a restart loses the runs and their logs. */
export function createMemoryLiveLogs(options: { retentionMs?: number } = {}): LiveLogs {
  const local = createLocalLogs(options.retentionMs ?? defaultRetentionMs);
  const topics = new Map<string, string>();
  return {
    async start(id, meta, topic) {
      const log = local.open(id, meta);
      if (topic) {
        topics.set(topic, id);
        void log.ended.then(() => {
          if (topics.get(topic) === id) topics.delete(topic);
        });
      }
      return {
        id,
        signal: log.controller.signal,
        append: (type, data) => void local.append(log, type, data, false),
        finish: async (type, data) => void local.append(log, type, data, true),
      };
    },
    async meta(id) {
      return local.get(id)?.meta ?? null;
    },
    async running(id) {
      const log = local.get(id);
      return log !== undefined && !log.finished;
    },
    async runningIn(topic) {
      return topics.get(topic) ?? null;
    },
    async *follow(id, after, signal) {
      const log = local.get(id);
      if (!log) throw new LiveLogGone(id);
      yield* local.follow(log, after, signal);
    },
    async stop(id) {
      const log = local.get(id);
      if (!log || log.finished) return false;
      log.controller.abort('stop' satisfies LiveAbortReason);
      return true;
    },
    // The writer is this process: a log cannot outlive it here.
    onAbandoned() {},
    sweep: async () => 0,
    get localRuns() {
      return local.running().length;
    },
    abortAll: (reason, waitMs) => local.abortAll(reason, waitMs),
    async close() {
      local.clear();
      topics.clear();
    },
  };
}
