/**
 * Every refusal and failure of the readers, with a code the API maps to a translated text and an
 * English message for logs and for callers without translations.
 */
export const documentErrorCodes = [
  'unsupported',
  'empty',
  'too-large',
  'bomb',
  'encrypted',
  'macro',
  'legacy',
  'malformed',
  'too-many-pages',
  'timeout',
  'out-of-memory',
  'cancelled',
] as const;
export type DocumentErrorCode = (typeof documentErrorCodes)[number];

export class DocumentError extends Error {
  override readonly name = 'DocumentError';
  readonly code: DocumentErrorCode;

  constructor(code: DocumentErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}

export const isDocumentErrorCode = (value: unknown): value is DocumentErrorCode =>
  typeof value === 'string' && (documentErrorCodes as readonly string[]).includes(value);
