import { errorResponse } from '@studio/contracts';
import { sharedFailureTexts } from '@studio/contracts/sharedFailures';

/** The §8 texts, so a client that shows `message` shows the catalogue's wording. */
export const errorTexts = {
  400: 'Invalid request. Please check your input.',
  401: 'Authentication required. Please log in.',
  403: "You don't have permission to access this resource.",
  404: 'The requested resource was not found.',
  413: 'The request is too large.',
  415: 'Unsupported content type. Send JSON.',
  422: 'Validation error. Please check your input.',
  429: 'Too many requests. Please try again later.',
  500: 'Server error. Please try again later.',
} as const;

/**
 * Answers beyond §8's table, which any tool may show as they are: an outside system this request
 * needs is down (503), a job its process could not finish.
 */
export const unavailableTexts = {
  objectStore: sharedFailureTexts.storageUnavailable,
  jobInterrupted: sharedFailureTexts.jobInterrupted,
} as const;

/**
 * An error whose message (and `errors`, "field: problem" entries) is written for the client,
 * never for internal failures.
 */
export class HttpError extends Error {
  /** Headers the answer carries (a 429's Retry-After). */
  readonly headers: Readonly<Record<string, string>>;

  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: readonly string[],
    options?: { cause?: unknown; headers?: Record<string, string> },
  ) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'HttpError';
    this.headers = options?.headers ?? {};
  }
}

/** Statuses any route can answer: the error handler, the rate limiter and the server itself. */
export const readErrorResponses = {
  400: errorResponse.describe('Invalid request: `errors` lists "field: problem" entries'),
  429: errorResponse.describe('Too many requests'),
  500: errorResponse.describe('Server error (details are only in the server log)'),
};

/** Statuses a state-changing JSON route can answer on top of the read ones. */
export const writeErrorResponses = {
  ...readErrorResponses,
  403: errorResponse.describe('Missing or invalid X-XSRF-TOKEN for a request that carries cookies'),
  413: errorResponse.describe('Body larger than the limit'),
  415: errorResponse.describe('Body is not JSON'),
};
