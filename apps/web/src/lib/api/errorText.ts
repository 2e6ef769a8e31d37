import { sharedFailureTexts } from '@studio/contracts/sharedFailures';

/** §8 "Error text choice": the condition table, in the spec's exact words. */
export const conditionTexts = {
  timeout: 'Request timed out. Please try again.',
  network: 'Network error. Please check your connection.',
  badRequest: 'Invalid request. Please check your input.',
  unauthorized: 'Authentication required. Please log in.',
  forbidden: "You don't have permission to access this resource.",
  notFound: 'The requested resource was not found.',
  validation: 'Validation error. Please check your input.',
  tooManyRequests: 'Too many requests. Please try again later.',
  server: 'Server error. Please try again later.',
  // Not in the table: a status it does not list, or something that is not an HTTP failure.
  unexpected: 'Something went wrong. Please try again.',
} as const;

export type ErrorCondition = keyof typeof conditionTexts;

const knownServerTexts: ReadonlyMap<string, string> = new Map(
  [...Object.entries(conditionTexts), ...Object.entries(sharedFailureTexts)].map(([key, text]) => [
    text,
    `errors.${key}`,
  ]),
);

/**
 * The common.json key of words the server sends in English that the interface has in every
 * language (the §8 texts, the shared failures); null for words of the server's own.
 */
export function serverTextKey(text: string): string | null {
  return knownServerTexts.get(text) ?? null;
}

const statusConditions: Partial<Record<number, ErrorCondition>> = {
  400: 'badRequest',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'notFound',
  422: 'validation',
  429: 'tooManyRequests',
  500: 'server',
};

const nonEmpty = (value: unknown): value is string =>
  typeof value === 'string' && value.trim().length > 0;

/** The `errors` list, also when it comes as field → messages (`{ email: ['…'] }`). */
function joinedErrors(errors: unknown): string | null {
  const list = Array.isArray(errors)
    ? errors
    : typeof errors === 'object' && errors !== null
      ? Object.values(errors).flat()
      : [];
  const texts = list.filter(nonEmpty);
  return texts.length > 0 ? texts.join(', ') : null;
}

/**
 * A page of markup rather than words (a proxy's own error page: nginx's "502 Bad Gateway" while a
 * process is gone), which is no message for people.
 */
const isMarkup = (text: string) => /^\s*</.test(text);

/** What the server said, in §8's order: a string body, `message`, `error`, the `errors` list. */
export function serverMessage(body: unknown): string | null {
  if (nonEmpty(body)) return isMarkup(body) ? null : body;
  if (typeof body !== 'object' || body === null) return null;
  const record = body as Record<string, unknown>;
  if (nonEmpty(record['message'])) return record['message'];
  if (nonEmpty(record['error'])) return record['error'];
  return joinedErrors(record['errors']);
}

export type ErrorDescription =
  { kind: 'server'; text: string } | { kind: 'condition'; condition: ErrorCondition };

/** An error status and what came with it (JSON when the body is JSON, else its text). */
export interface HttpFailureAnswer {
  status: number;
  data: unknown;
}

const unansweredMessages = {
  timeout: 'The request timed out.',
  network: 'The request did not reach the server.',
} as const;

/**
 * What the API clients (clients.ts) reject with when a call fails: an error status with its
 * answer, no answer in time, or no answer at all. Its message is for logs; what users read comes
 * from errorText.
 */
export class HttpFailure extends Error {
  override readonly name = 'HttpFailure';
  readonly kind: 'status' | keyof typeof unansweredMessages;
  /** The error status and its body; undefined when nothing was answered. */
  readonly response: HttpFailureAnswer | undefined;

  constructor(
    failure: HttpFailureAnswer | keyof typeof unansweredMessages,
    options?: ErrorOptions,
  ) {
    const answered = typeof failure === 'object';
    super(
      answered ? `Request failed with status code ${failure.status}` : unansweredMessages[failure],
      options,
    );
    this.kind = answered ? 'status' : failure;
    this.response = answered ? failure : undefined;
  }
}

/** A failed request from one of the API clients. */
export function isHttpFailure(error: unknown): error is HttpFailure {
  return error instanceof HttpFailure;
}

/**
 * A reply that did not match its contract (zod's parse failure), told by the error's name: zod's
 * own class would bring the schema library into every page that explains an error.
 */
export function isContractMismatch(error: unknown): boolean {
  return error instanceof Error && error.name === 'ZodError';
}

/** Sorts a failure into the server's own words or one of the §8 conditions. */
export function describeError(error: unknown): ErrorDescription {
  if (!isHttpFailure(error)) return { kind: 'condition', condition: 'unexpected' };
  const fromServer = serverMessage(error.response?.data);
  if (fromServer) return { kind: 'server', text: fromServer };
  if (error.kind === 'timeout') return { kind: 'condition', condition: 'timeout' };
  if (!error.response) return { kind: 'condition', condition: 'network' };
  const { status } = error.response;
  const condition = statusConditions[status] ?? (status >= 500 ? 'server' : 'unexpected');
  return { kind: 'condition', condition };
}

/** §8 "Error text choice", in English (the translated form is useErrorText). */
export function errorText(error: unknown): string {
  const description = describeError(error);
  return description.kind === 'server' ? description.text : conditionTexts[description.condition];
}
