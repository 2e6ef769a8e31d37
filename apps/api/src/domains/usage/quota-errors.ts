import type { QuotaErrorResponse } from '@studio/contracts';

/** Where a quota refusal sends people who want more. */
export const upgradeUrl = '/plans';

/** A tool's daily allowance does not cover the request; `body` is the 429 answer. */
export class QuotaExceededError extends Error {
  constructor(readonly body: QuotaErrorResponse) {
    super(body.message);
    this.name = 'QuotaExceededError';
  }
}
