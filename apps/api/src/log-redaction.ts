import { AISDKError, APICallError } from 'ai';

/**
 * What must never reach a log line, whatever logged it: keys and bearer tokens (an upstream once
 * echoed the operator's API key into its error body), and the user's words (a provider error
 * carries the whole prompt in `requestBodyValues`). Two layers: `serializeError` keeps provider
 * errors down to their kind and status, and `redactSecrets` runs over every finished line.
 */

const secretShapes = [
  // Authorization header values, wherever they were copied to.
  String.raw`\b(?:Bearer|Basic)\s+[A-Za-z0-9._~+/=-]{8,}`,
  // Provider keys: OpenAI, Anthropic, DeepSeek, OpenRouter (sk-…), Stripe-like (sk_live_…),
  // Google (AIza…), Groq (gsk_), xAI, Hugging Face, Replicate, GitHub, Slack.
  String.raw`\b(?:sk|rk|pk)[-_][A-Za-z0-9_-]{8,}`,
  String.raw`\bAIza[0-9A-Za-z_-]{20,}`,
  String.raw`\b(?:gsk|hf|r8|gh[pousr])_[A-Za-z0-9]{16,}`,
  String.raw`\bxai-[A-Za-z0-9]{16,}`,
  String.raw`\bxox[abprs]-[A-Za-z0-9-]{10,}`,
  // JSON Web Tokens (our access tokens, identity tokens).
  String.raw`\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}`,
];
const secretValue = new RegExp(secretShapes.join('|'), 'g');

/** `key=…`, `api_key=…`, `access_token=…` in URLs and text. */
const secretAssignment = /\b([\w-]*(?:key|token|secret|password|signature))=[^&\s"',;\\]+/gi;

/** `"apiKey":"…"`, `"authorization":"…"` in JSON (escaped quotes included: a body inside a string). */
const secretField =
  /(\\?"(?:api[_-]?key|apikey|x-api-key|x-goog-api-key|authorization|password|secret|access_token|refresh_token)\\?"\s*:\s*\\?")(?:[^"\\]|\\[^"])*(\\?")/gi;

/**
 * One cheap test first: most lines ("request completed") hold none of these, and skipping the
 * three replacements for them keeps this hook off the chat's hot path.
 */
const mayHoldSecret =
  /Bearer|Basic|[sprk]k[-_]|AIza|gsk_|hf_|r8_|gh[pousr]_|xai-|xox|eyJ|key|token|secret|passw|signature|authori/i;

/** The text with anything shaped like a key or bearer token replaced by [redacted]. */
export function redactSecrets(text: string): string {
  if (!mayHoldSecret.test(text)) return text;
  return text
    .replace(secretValue, (match) =>
      /^(?:Bearer|Basic)\s/i.test(match) ? `${match.split(/\s/, 1)[0]} [redacted]` : '[redacted]',
    )
    .replace(secretAssignment, '$1=[redacted]')
    .replace(secretField, '$1[redacted]$2');
}

/** A short code from the provider's error object (`invalid_api_key`), never its sentences. */
function upstreamCode(data: unknown): string | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const error = (data as { error?: unknown }).error;
  const source = typeof error === 'object' && error !== null ? error : data;
  for (const field of ['code', 'type', 'status']) {
    const value = (source as Record<string, unknown>)[field];
    if (typeof value === 'string' && /^[\w.-]{1,64}$/.test(value)) return value;
  }
  return undefined;
}

const maxCauses = 5;

/** The shape Fastify's logger expects of its `err` serializer. */
export interface SerializedError {
  [field: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

/** Where it was thrown, without the first line (which repeats the message). */
const framesOf = (error: Error) =>
  (error.stack ?? '')
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .join('\n');

/**
 * pino's `err` serializer. A provider (AI SDK) error keeps only its type, status, whether it
 * may be retried and the upstream's short error code: not its message (the upstream's words),
 * URL, request body (the prompt), response body or headers. Other errors keep type, message,
 * code and stack, each redacted, with their causes serialized the same way.
 */
export function serializeError(error: Error, depth = 0): SerializedError {
  // pino hands over whatever was logged as `err`, thrown strings and plain objects included.
  if (!(error instanceof Error)) {
    const text = typeof error === 'string' ? error : (JSON.stringify(error) ?? String(error));
    return { type: typeof error, message: redactSecrets(text), stack: '' };
  }
  const cause = depth < maxCauses ? serializeCause(error.cause, depth + 1) : undefined;
  const withCause = cause !== undefined ? { cause } : {};
  if (AISDKError.isInstance(error)) {
    if (APICallError.isInstance(error)) {
      const status = error.statusCode ?? null;
      return {
        type: error.name,
        message: status === null ? 'provider call failed' : `provider answered ${status}`,
        stack: framesOf(error),
        status,
        retryable: error.isRetryable,
        upstreamCode: upstreamCode(error.data),
        ...withCause,
      };
    }
    return { type: error.name, message: 'provider error', stack: framesOf(error), ...withCause };
  }
  const code = (error as { code?: unknown }).code;
  const statusCode = (error as { statusCode?: unknown }).statusCode;
  return {
    type: error.name,
    message: redactSecrets(error.message),
    stack: redactSecrets(error.stack ?? ''),
    ...(typeof code === 'string' || typeof code === 'number' ? { code } : {}),
    ...(typeof statusCode === 'number' ? { statusCode } : {}),
    ...withCause,
  };
}

function serializeCause(cause: unknown, depth: number): unknown {
  if (cause === undefined) return undefined;
  if (cause instanceof Error) return serializeError(cause, depth);
  return typeof cause === 'string' ? redactSecrets(cause) : '[not an error]';
}
