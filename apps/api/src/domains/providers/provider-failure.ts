import {
  APICallError,
  EmptyResponseBodyError,
  InvalidResponseDataError,
  JSONParseError,
  RetryError,
  TypeValidationError,
} from 'ai';
import type { FastifyBaseLogger } from 'fastify';

/**
 * The one provider-failure path of every tool (chat replies, rewrites and titles, image
 * generations, spoken replies): a failed call to an outside model is sorted into a kind and a
 * status here, and logged here. What went wrong is kept in words safe for the log and the
 * client: never the provider's message, body, URL or the prompt it was sent (they may hold the
 * user's words, a host name or a key an upstream echoed back).
 */
export type ProviderFailureKind =
  /** The provider answered 429 (its rate limit or quota, not ours). */
  | 'rate-limited'
  /** 401 or 403: the operator's key is wrong or lacks access. */
  | 'unauthorized'
  /** Another HTTP error status (500, 503, 404 for an unknown model…). */
  | 'http'
  /** The connection failed or was cut part-way. */
  | 'network'
  /** The provider sent something that is not its protocol (bad JSON, wrong shape). */
  | 'malformed'
  | 'idle-timeout'
  | 'total-timeout'
  /** The model finished without a word (or a picture, or a sound). */
  | 'empty'
  /** Our own engine (eSpeak NG, a local model) failed, not an outside service. */
  | 'engine'
  | 'unknown';

export interface ProviderFailure {
  kind: ProviderFailureKind;
  /** The provider's HTTP status, when it answered with one. */
  status: number | null;
  /** When the provider says to try again (whole seconds from now), if it said. */
  retryAfterSeconds: number | null;
}

/** A day: longer hints are a provider's daily quota, not a wait worth showing as seconds. */
const longestRetryHintSeconds = 86_400;

const clampHint = (seconds: number): number | null =>
  Number.isFinite(seconds) && seconds > 0
    ? Math.min(Math.ceil(seconds), longestRetryHintSeconds)
    : null;

const durationUnits: Record<string, number> = { ms: 0.001, s: 1, m: 60, h: 3600 };

/** "6m0s", "7.66s", "250ms" (OpenAI's and Groq's wording), "30s" (Google's retryDelay). */
function parseDuration(text: string): number | null {
  let seconds = 0;
  let matched = false;
  for (const [, amount, unit] of text.matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h)/g)) {
    seconds += Number(amount) * (durationUnits[unit ?? 's'] ?? 1);
    matched = true;
  }
  return matched ? seconds : null;
}

/**
 * The provider's retry hint: the `retry-after-ms` or `retry-after` header (seconds or an HTTP
 * date), else its own wording in the body (OpenAI and Groq: "Please try again in 7.66s"; Google:
 * a RetryInfo `"retryDelay": "30s"`). Only the number is taken from the body, nothing else.
 */
export function retryHintOf(
  headers: Record<string, string> | undefined,
  body: string | undefined,
  now: Date,
): number | null {
  const lower = Object.fromEntries(
    Object.entries(headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]),
  );
  const afterMs = lower['retry-after-ms'];
  if (afterMs && /^\d+(?:\.\d+)?$/.test(afterMs.trim())) {
    return clampHint(Number(afterMs) / 1000);
  }
  const after = lower['retry-after']?.trim();
  if (after) {
    if (/^\d+(?:\.\d+)?$/.test(after)) return clampHint(Number(after));
    const date = Date.parse(after);
    if (!Number.isNaN(date)) return clampHint((date - now.getTime()) / 1000);
  }
  if (body) {
    const google = /"retryDelay"\s*:\s*"(\d+(?:\.\d+)?s)"/.exec(body)?.[1];
    const worded = /try again in ((?:\d+(?:\.\d+)?(?:ms|s|m|h))+)/i.exec(body)?.[1];
    const duration = parseDuration(google ?? worded ?? '');
    if (duration !== null) return clampHint(duration);
  }
  return null;
}

/** The provider's own HTTP error, wherever the SDK put it (a retry wrapper, a cause). */
export function apiCallErrorIn(error: unknown): APICallError | null {
  let current = error;
  for (let depth = 0; depth < 5 && current; depth += 1) {
    if (APICallError.isInstance(current)) return current;
    if (RetryError.isInstance(current)) current = current.lastError;
    else if (current instanceof Error) current = current.cause;
    else return null;
  }
  return null;
}

const networkCodes =
  /^(?:E(?:CONN(?:RESET|REFUSED|ABORTED)|PIPE|TIMEDOUT|HOSTUNREACH|NOTFOUND|AI_AGAIN)|UND_ERR_\w+)$/;

function isNetworkFailure(error: unknown): boolean {
  let current = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && networkCodes.test(code)) return true;
    // undici: "fetch failed" (no connection) and "terminated" (the body was cut off).
    if (current instanceof TypeError && /^(?:fetch failed|terminated)$/.test(current.message)) {
      return true;
    }
    current = current.cause;
  }
  return false;
}

function isMalformed(error: unknown): boolean {
  return (
    JSONParseError.isInstance(error) ||
    TypeValidationError.isInstance(error) ||
    InvalidResponseDataError.isInstance(error) ||
    EmptyResponseBodyError.isInstance(error)
  );
}

/** Sorts a failed model call (`error` null: nothing failed but nothing came either). */
export function describeProviderFailure(
  error: unknown,
  timedOut: 'idle' | 'total' | null,
  now: Date,
): ProviderFailure {
  if (timedOut) return { kind: `${timedOut}-timeout`, status: null, retryAfterSeconds: null };
  if (error === null) return { kind: 'empty', status: null, retryAfterSeconds: null };
  const apiError = apiCallErrorIn(error);
  if (apiError) {
    const status = apiError.statusCode ?? null;
    let kind: ProviderFailureKind = 'http';
    if (status === null) kind = 'network';
    else if (status === 429) kind = 'rate-limited';
    else if (status === 401 || status === 403) kind = 'unauthorized';
    const retryAfterSeconds =
      status === 429 || status === 503
        ? retryHintOf(apiError.responseHeaders, apiError.responseBody, now)
        : null;
    return { kind, status, retryAfterSeconds };
  }
  if (isMalformed(error)) return { kind: 'malformed', status: null, retryAfterSeconds: null };
  if (isNetworkFailure(error)) return { kind: 'network', status: null, retryAfterSeconds: null };
  return { kind: 'unknown', status: null, retryAfterSeconds: null };
}

/** The kind of an HTTP status an outside service answered with (not through the AI SDK). */
export function failureOfStatus(status: number): ProviderFailure {
  let kind: ProviderFailureKind = 'http';
  if (status === 429) kind = 'rate-limited';
  else if (status === 401 || status === 403) kind = 'unauthorized';
  return { kind, status, retryAfterSeconds: null };
}

/** The tools whose provider failures are logged, each under its own name. */
export type ProviderTool =
  | 'chat'
  | 'chat-rewrite'
  | 'chat-title'
  | 'images'
  | 'speech'
  | 'voice'
  | 'dictation'
  | 'music'
  | 'music-describe'
  | 'vision'
  | 'office'
  | 'writer';

/**
 * Logs one failed provider call: the tool, the model, and the failure's kind and status, at
 * warn. Nothing else is taken, on purpose: no error object (its message, cause or response body
 * may echo the prompt or a key), no prompt, no URL. Every tool logs its provider failures here,
 * under `event: "provider_failed"`.
 */
export function logProviderFailure(
  log: FastifyBaseLogger,
  entry: { tool: ProviderTool; model: string | null; failure: ProviderFailure },
): void {
  const { tool, model, failure } = entry;
  log.warn(
    { event: 'provider_failed', tool, model, kind: failure.kind, status: failure.status },
    `${tool}: the provider failed (${failure.kind})`,
  );
}
