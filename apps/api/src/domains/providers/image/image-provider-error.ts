import { imageProviderFailureTexts } from '@studio/contracts';
import { NoImageGeneratedError } from 'ai';
import {
  apiCallErrorIn,
  describeProviderFailure,
  type ProviderFailure,
} from '../provider-failure.ts';

/**
 * A generation that failed, in words fit for the user: one of `imageProviderTexts`, never the
 * provider's own message (it may echo the prompt, a host or a key). For the log there is only
 * `failure`, the kind and status every tool logs (providers/provider-failure.ts): nothing the
 * provider said is kept, so no logger can print it by accident.
 */

export const imageProviderTexts = imageProviderFailureTexts;

export type ImageProviderFailure = keyof typeof imageProviderTexts;

export class ImageProviderError extends Error {
  readonly code: ImageProviderFailure;
  /** Whether the same request may succeed later (a busy or failing provider, a dropped line). */
  readonly retryable: boolean;
  /** The provider's HTTP status, when it answered with one. */
  readonly status: number | null;
  /**
   * How the provider failed, for the log; null when the refusal is ours (a capability the model
   * lacks), not the provider's.
   */
  readonly failure: ProviderFailure | null;

  constructor(
    code: ImageProviderFailure,
    options: {
      retryable?: boolean;
      status?: number | null;
      failure?: ProviderFailure | null;
    } = {},
  ) {
    super(imageProviderTexts[code]);
    this.name = 'ImageProviderError';
    this.code = code;
    this.retryable = options.retryable ?? false;
    this.status = options.status ?? null;
    this.failure = options.failure ?? null;
  }
}

/** Words a provider uses when its safety system stops a prompt (OpenAI, Google, fal, Replicate). */
const refusalWords =
  /safety|content[ _-]?policy|moderation|responsible ai|nsfw|sensitive|violat|not allowed|blocked|prohibited/i;

/**
 * Sorts any failure of a generation call into an ImageProviderError, with the chat's reading of
 * provider failures (provider-failure.ts): statuses, dropped connections, broken answers.
 */
export function toImageProviderError(error: unknown, now: Date): ImageProviderError {
  if (error instanceof ImageProviderError) return error;
  const failure = describeProviderFailure(error, null, now);
  const { kind, status } = failure;
  const options = { status, failure };
  const apiError = apiCallErrorIn(error);
  // Read for one word only (a safety refusal or not); never kept.
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
