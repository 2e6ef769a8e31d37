/**
 * A route's first data, asked for at entry start (app/routeNeeds.ts) together with its code and
 * translations instead of after them: without it, the page's first request waits for the
 * page's chunk, its translations and its first render, one round trip after the other.
 *
 * The first reader takes the answer (once); it is only taken within a few seconds of
 * the start, so a later reader, who may have signed in or out since, asks afresh.
 */

/**
 * The first requests routes ask for early, by name: the one place their paths are written, and
 * the API client each goes through (the cookie client sends the session cookie).
 */
export const earlyEndpoints = {
  chatModels: { path: '/api/chat/models/chat', client: 'cookieClient' },
  pricing: { path: '/api/pricing', client: 'apiClient' },
} as const;
export type EarlyEndpoint = keyof typeof earlyEndpoints;

/** How long an early answer stays takeable: the first render of the route comes well before. */
const TAKEABLE_MS = 10_000;

export interface EarlyAnswer {
  /** The response body (or the request's failure). */
  body: Promise<unknown>;
  /** Set once the body has arrived, so a first render can show it at once. */
  settled: { body: unknown } | null;
}

const early = new Map<string, EarlyAnswer & { at: number }>();

/** Starts the GET of `endpoint` now, for the route's first reader of it to take. */
export function requestEarly(endpoint: EarlyEndpoint): void {
  const { path, client } = earlyEndpoints[endpoint];
  if (early.has(path)) return;
  const answer: EarlyAnswer & { at: number } = {
    // The clients are loaded, not imported: the entry, which imports this, does not need them.
    body: import('./clients').then((clients) =>
      clients[client].get<unknown>(path).then(({ data }) => data),
    ),
    settled: null,
    at: Date.now(),
  };
  answer.body.then(
    (body) => {
      answer.settled = { body };
    },
    // The reader sees the failure through `body` and reports it as its own.
    () => undefined,
  );
  early.set(path, answer);
}

/**
 * An answer already in hand (the server drawing a page's first screen has it from the API
 * itself): the page's first reader takes it as if it had arrived.
 */
export function provideEarly(endpoint: EarlyEndpoint, body: unknown): void {
  early.set(earlyEndpoints[endpoint].path, {
    body: Promise.resolve(body),
    settled: { body },
    at: Date.now(),
  });
}

/** The early answer of `endpoint`, if asked for in the last few seconds; taken only once. */
export function takeEarly(endpoint: EarlyEndpoint): EarlyAnswer | null {
  const { path } = earlyEndpoints[endpoint];
  const answer = early.get(path);
  if (!answer) return null;
  early.delete(path);
  return Date.now() - answer.at <= TAKEABLE_MS ? answer : null;
}

/** The early answer's body if it has already arrived (taking it), else null. */
export function takeEarlyIfArrived(endpoint: EarlyEndpoint): { body: unknown } | null {
  if (!early.get(earlyEndpoints[endpoint].path)?.settled) return null;
  return takeEarly(endpoint)?.settled ?? null;
}
