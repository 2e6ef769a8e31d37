/**
 * The signal a provider call runs under: the client's (stop, disconnect) joined with a deadline,
 * remembering which one fired so a timeout and a stop are told apart.
 */
export function withDeadline(clientSignal: AbortSignal, timeoutMs: number) {
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(new Error('chat deadline passed')), timeoutMs);
  return {
    signal: AbortSignal.any([clientSignal, deadline.signal]),
    timedOut: () => deadline.signal.aborted && !clientSignal.aborted,
    stopped: () => clientSignal.aborted,
    dispose: () => clearTimeout(timer),
  };
}
