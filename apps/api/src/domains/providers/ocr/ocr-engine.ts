import type { ProviderFailure } from '../provider-failure.ts';

/**
 * The OCR adapter's interface: a picture in, its text out, with where each line and word lies so
 * a page can draw them over the picture and let the user select words. The offline engine is
 * Tesseract (tesseract-engine.ts); a cloud reader would answer the same way, or fail with an
 * OcrError.
 */

export const ocrLanguages = ['en', 'vi'] as const;
export type OcrLanguage = (typeof ocrLanguages)[number];

/** A rectangle in the pixels of the picture as shown (after its EXIF orientation). */
export interface OcrBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface OcrWord {
  text: string;
  /** 0–100, the engine's own certainty. */
  confidence: number;
  box: OcrBox;
}

export interface OcrLine {
  text: string;
  confidence: number;
  box: OcrBox;
  words: OcrWord[];
}

export interface OcrResult {
  /** Every line in reading order, paragraphs apart by an empty line; NFC. */
  text: string;
  /** 0–100: the mean of the words' confidences; 0 when nothing was read. */
  confidence: number;
  /** The picture's size as shown (EXIF orientation applied): what the boxes are measured in. */
  width: number;
  height: number;
  lines: OcrLine[];
}

export interface OcrRequest {
  /** What the text is written in; both when it may be either, or a mix. */
  languages: readonly OcrLanguage[];
  signal: AbortSignal;
  /** 0–1, never going back; 1 when the text is ready. */
  onProgress?: (fraction: number) => void;
}

export interface OcrEngine {
  languages(): readonly OcrLanguage[];
  /** Rejects with OcrError (a message for the user, and its kind) when it cannot read the picture. */
  recognize(image: Buffer, request: OcrRequest): Promise<OcrResult>;
  /** Refuses queued and running work and ends the engine's workers. */
  close(): Promise<void>;
}

export type OcrErrorKind =
  /** Every worker is busy and the queue is full: try again in a moment. */
  | 'busy'
  | 'timeout'
  | 'cancelled'
  /** Not a PNG, JPEG, WebP or GIF picture, or a damaged one. */
  | 'unreadable-image'
  /** More pixels than the engine takes. */
  | 'too-large'
  /** The engine itself failed (a worker crashed, its language data is missing). */
  | 'failed';

const failureOf: Record<OcrErrorKind, ProviderFailure> = {
  busy: { kind: 'rate-limited', status: null, retryAfterSeconds: 5 },
  timeout: { kind: 'total-timeout', status: null, retryAfterSeconds: null },
  cancelled: { kind: 'engine', status: null, retryAfterSeconds: null },
  'unreadable-image': { kind: 'engine', status: null, retryAfterSeconds: null },
  'too-large': { kind: 'engine', status: null, retryAfterSeconds: null },
  failed: { kind: 'engine', status: null, retryAfterSeconds: null },
};

/**
 * Why a picture was not read, in words for the user (never a library's message: those stay in
 * `cause`, for the log), with its kind for the route's status and the failure for the log.
 */
export class OcrError extends Error {
  readonly kind: OcrErrorKind;
  readonly failure: ProviderFailure;

  constructor(kind: OcrErrorKind, message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'OcrError';
    this.kind = kind;
    this.failure = failureOf[kind];
  }
}
