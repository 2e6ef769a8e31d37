/** Which of the two clocks ended a provider call. */
export type DeadlineKind = 'idle' | 'total';

export interface DeadlineLimits {
  /** Longest silence between two pieces of a streamed answer (null: no idle clock). */
  idleMs: number | null;
  /** Longest the whole answer may take, however steadily it streams. */
  totalMs: number;
}

/**
 * The signal a provider call runs under: the client's (stop, disconnect) joined with two clocks.
 * The idle clock restarts on every sign of life (`touch`), so a long answer that keeps streaming
 * runs until the total cap, while a provider that goes silent is given up after `idleMs`. It
 * remembers which one fired, so a timeout and a stop are told apart.
 */
export function withDeadline(clientSignal: AbortSignal, limits: DeadlineLimits) {
  const deadline = new AbortController();
  let fired: DeadlineKind | null = null;
  const expire = (kind: DeadlineKind) => {
    if (deadline.signal.aborted) return;
    fired = kind;
    deadline.abort(new Error(`chat ${kind} deadline passed`));
  };
  const total = setTimeout(() => expire('total'), limits.totalMs);
  let idle: NodeJS.Timeout | null = null;
  const restartIdle = () => {
    if (limits.idleMs === null) return;
    // Once per piece of every reply: the same timer is moved on rather than replaced.
    if (idle) idle.refresh();
    else idle = setTimeout(() => expire('idle'), limits.idleMs);
  };
  restartIdle();
  return {
    signal: AbortSignal.any([clientSignal, deadline.signal]),
    /** The provider said something: the idle clock starts again. */
    touch: restartIdle,
    /**
     * The answer waits its turn (the local model's queue): silence is expected, so the idle
     * clock stops until the next `touch`; the total cap still runs.
     */
    waiting: () => {
      if (idle) clearTimeout(idle);
      idle = null;
    },
    /** Which clock ended the call, if one did (and the client had not gone first). */
    timedOut: (): DeadlineKind | null => (clientSignal.aborted ? null : fired),
    stopped: () => clientSignal.aborted,
    dispose: () => {
      clearTimeout(total);
      if (idle) clearTimeout(idle);
    },
  };
}
