import { imageProviderFailureTexts } from '@studio/contracts';
import { NoImageGeneratedError } from 'ai';
import { redactSecrets } from '../../../log-redaction.ts';
import { apiCallErrorIn, describeProviderFailure } from '../../chat/provider-failure.ts';

/**
 * A generation that failed, in words fit for the user: one of `imageProviderTexts`, never the
 * provider's own message (it may echo the prompt, a host or a key). What the provider did say is
 * kept in `detail` for the log, with every configured secret and anything shaped like a key
 * taken out; the raw error is not kept, so no logger can print its body by accident.
 */

export const imageProviderTexts = imageProviderFailureTexts;

export type ImageProviderFailure = keyof typeof imageProviderTexts;

export class ImageProviderError extends Error {
  readonly code: ImageProviderFailure;
  /** Whether the same request may succeed later (a busy or failing provider, a dropped line). */
  readonly retryable: boolean;
  /** The provider's HTTP status, when it answered with one. */
  readonly status: number | null;
  /** What the provider said, scrubbed of secrets: for the log, never for the user. */
  readonly detail: string | null;

  constructor(
    code: ImageProviderFailure,
    options: { retryable?: boolean; status?: number | null; detail?: string | null } = {},
  ) {
    super(imageProviderTexts[code]);
    this.name = 'ImageProviderError';
    this.code = code;
    this.retryable = options.retryable ?? false;
    this.status = options.status ?? null;
    this.detail = options.detail ?? null;
  }
}

/** Takes the configured secrets (and anything shaped like a key) out of a text. */
export function createScrubber(secrets: readonly (string | null)[]): (text: string) => string {
  // Longest first, so a secret that contains another is removed whole.
  const known = secrets
    .filter((secret): secret is string => typeof secret === 'string' && secret.length >= 4)
    .sort((a, b) => b.length - a.length);
  return (text) =>
    redactSecrets(
      known.reduce((scrubbed, secret) => scrubbed.split(secret).join('[redacted]'), text),
    );
}

/** Words a provider uses when its safety system stops a prompt (OpenAI, Google, fal, Replicate). */
const refusalWords =
  /safety|content[ _-]?policy|moderation|responsible ai|nsfw|sensitive|violat|not allowed|blocked|prohibited/i;

const saidLimit = 600;

/** What the provider said, for the log: its status, the address and the start of its answer. */
function detailOf(error: unknown): string {
  const apiError = apiCallErrorIn(error);
  if (apiError) {
    const said = `${apiError.message} ${apiError.responseBody ?? ''}`.slice(0, saidLimit);
    return `${apiError.statusCode ?? 'no status'} from ${apiError.url}: ${said}`;
  }
  return error instanceof Error
    ? `${error.name}: ${error.message}`.slice(0, saidLimit)
    : String(error).slice(0, saidLimit);
}

/**
 * Sorts any failure of a generation call into an ImageProviderError, with the chat's reading of
 * provider failures (provider-failure.ts): statuses, dropped connections, broken answers.
 */
export function toImageProviderError(
  error: unknown,
  scrub: (text: string) => string,
  now: Date,
): ImageProviderError {
  if (error instanceof ImageProviderError) return error;
  const { kind, status } = describeProviderFailure(error, null, now);
  const options = { status, detail: scrub(detailOf(error)) };
  const apiError = apiCallErrorIn(error);
  const said = `${apiError?.message ?? ''} ${apiError?.responseBody ?? ''}`;
  switch (kind) {
    case 'rate-limited':
      return new ImageProviderError('rateLimited', { ...options, retryable: true });
    case 'unauthorized':
      return new ImageProviderError('misconfigured', options);
    case 'network':
    case 'malformed':
      return new ImageProviderError('unavailable', { ...options, retryable: true });
    case 'http':
      if (status === 400 || status === 422) {
        return new ImageProviderError(refusalWords.test(said) ? 'refused' : 'rejected', options);
      }
      if (status === 404) return new ImageProviderError('misconfigured', options);
      if (status === 408 || status === 409) {
        return new ImageProviderError('rateLimited', { ...options, retryable: true });
      }
      return status !== null && status >= 500
        ? new ImageProviderError('unavailable', { ...options, retryable: true })
        : new ImageProviderError('rejected', options);
    default:
      return NoImageGeneratedError.isInstance(error)
        ? new ImageProviderError('noImage', options)
        : new ImageProviderError('unavailable', options);
  }
}
