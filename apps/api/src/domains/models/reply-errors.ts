export type ProviderFailureCode = 'provider' | 'rate-limit' | 'timeout';

/** Texts fit for the user; the provider's own error goes to the log only (it may name hosts). */
export const providerFailureTexts: Record<ProviderFailureCode, string> = {
  provider: 'The model could not answer right now. Please try again.',
  'rate-limit': 'The model is receiving too many requests right now. Please try again later.',
  timeout: 'The model took too long to answer. Please try again.',
};

const retryLater = (seconds: number) =>
  `The model is receiving too many requests right now. Please try again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`;

/**
 * A model call that failed or timed out (502 / 504 on JSON routes, an error event on streams).
 * `retryAfterSeconds` is the provider's own hint, when its 429 gave one.
 */
export class ChatProviderError extends Error {
  readonly retryAfterSeconds: number | null;

  constructor(
    readonly code: ProviderFailureCode,
    options?: ErrorOptions & { retryAfterSeconds?: number | null },
  ) {
    const retryAfterSeconds = options?.retryAfterSeconds ?? null;
    super(
      code === 'rate-limit' && retryAfterSeconds !== null
        ? retryLater(retryAfterSeconds)
        : providerFailureTexts[code],
      options,
    );
    this.name = 'ChatProviderError';
    this.retryAfterSeconds = retryAfterSeconds;
  }

  get statusCode(): 502 | 504 {
    return this.code === 'timeout' ? 504 : 502;
  }

  /** The JSON error body (the stream's error event carries the same fields and the code). */
  get body(): { message: string; retryAfterSeconds?: number } {
    return {
      message: this.message,
      ...(this.retryAfterSeconds !== null ? { retryAfterSeconds: this.retryAfterSeconds } : {}),
    };
  }
}
