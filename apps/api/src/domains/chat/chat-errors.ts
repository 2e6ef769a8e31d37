import type { QuotaErrorResponse } from '@studio/contracts';

/** The daily message quota is used up; `body` is the 429 answer. */
export class QuotaExceededError extends Error {
  constructor(readonly body: QuotaErrorResponse) {
    super(body.message);
    this.name = 'QuotaExceededError';
  }
}

export type ProviderFailureCode = 'provider' | 'timeout';

/** Texts fit for the user; the provider's own error goes to the log only (it may name hosts). */
export const providerFailureTexts: Record<ProviderFailureCode, string> = {
  provider: 'The model could not answer right now. Please try again.',
  timeout: 'The model took too long to answer. Please try again.',
};

/** A model call that failed or timed out (502 / 504 on JSON routes, an error event on streams). */
export class ChatProviderError extends Error {
  constructor(
    readonly code: ProviderFailureCode,
    options?: ErrorOptions,
  ) {
    super(providerFailureTexts[code], options);
    this.name = 'ChatProviderError';
  }

  get statusCode(): 502 | 504 {
    return this.code === 'timeout' ? 504 : 502;
  }
}
