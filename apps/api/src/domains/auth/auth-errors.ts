import { errorTexts, HttpError } from '../../http/errors.ts';

/** The texts the sign-in screens show (common brief); the same for every failure of a kind. */
export const authTexts = {
  invalidCredentials: 'Invalid email or password.',
  invalidCode: 'Invalid code',
  invalidResetLink: 'This reset link is invalid or has expired.',
} as const;

/** A refusal that tells the client when to try again (429 + Retry-After). */
export class RetryLaterError extends HttpError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, errorTexts[429]);
    this.name = 'RetryLaterError';
  }
}

export const invalidCredentials = () => new HttpError(401, authTexts.invalidCredentials);
export const invalidCode = () => new HttpError(401, authTexts.invalidCode);
export const invalidResetLink = () => new HttpError(400, authTexts.invalidResetLink);
export const weakPassword = (message: string) => new HttpError(400, message);
