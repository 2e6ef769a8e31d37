import { z } from 'zod';
import { jobViewOf } from './jobs.ts';

/**
 * The vision tool (/vision): a picture read offline (OCR in English and Vietnamese, each word
 * with its box so the page can draw and select it), then, on the chat's models, described, asked
 * about, or its text translated, and its text's table taken out as CSV or XLSX. Reading is a job;
 * answers stream. A read and its answers are kept for its owner: a signed-in user until they
 * delete it, a visitor (by their key) for a day.
 */

export const visionLanguages = ['en', 'vi'] as const;
export const visionLanguage = z.enum(visionLanguages);
export type VisionLanguage = z.infer<typeof visionLanguage>;

/** What an answer does with the picture. */
export const visionTasks = ['describe', 'ask', 'translate'] as const;
export const visionTask = z.enum(visionTasks);
export type VisionTask = z.infer<typeof visionTask>;

export const visionTableFormats = ['csv', 'xlsx'] as const;
export const visionTableFormat = z.enum(visionTableFormats);
export type VisionTableFormat = z.infer<typeof visionTableFormat>;

export const VISION_QUESTION_MAX_LENGTH = 2000;
export const VISION_READS_PAGE_SIZE = 20;

/** The multipart fields of POST /api/vision/reads. */
export const visionReadFields = {
  /** The picture (PNG, JPEG, WebP or GIF), or… */
  file: 'file',
  /** …the id of one of the caller's generated images (the library's pictures). */
  imageId: 'imageId',
  /** Comma-separated visionLanguages, e.g. `en,vi` (default: both). */
  languages: 'languages',
} as const;

export const visionTexts = {
  pictureRequired: 'Choose a picture to read: upload one, paste it, or pick one from your library.',
  oneSource: 'Send either a picture or the id of one of your images, not both.',
  badLanguages: 'languages: give en, vi, or both (en,vi).',
  questionRequired: 'Type a question about the picture.',
  noVisionModel:
    'No model that can see pictures is available to you: the text can still be read and translated.',
  noText: 'No text was found in this picture, so there is nothing to translate or tabulate.',
  noTable: 'The text in this picture is not laid out as a table.',
  expired: 'This picture is no longer kept: read it again.',
} as const;

/** A rectangle in the picture's pixels (as read: after its EXIF orientation). */
export const visionBox = z.object({
  x: z.number().int().min(0),
  y: z.number().int().min(0),
  width: z.number().int().min(0),
  height: z.number().int().min(0),
});
export type VisionBox = z.infer<typeof visionBox>;

export const visionWord = z.object({
  text: z.string(),
  /** 0–100, the engine's own. */
  confidence: z.number().min(0).max(100),
  box: visionBox,
});
export type VisionWord = z.infer<typeof visionWord>;

export const visionLine = z.object({
  text: z.string(),
  confidence: z.number().min(0).max(100),
  box: visionBox,
  words: z.array(visionWord),
});
export type VisionLine = z.infer<typeof visionLine>;

/** An answer about a read picture, as kept (a streamed one is kept when it ends). */
export const visionAnswer = z.object({
  id: z.string(),
  task: visionTask,
  /** ask: the question. */
  question: z.string().nullable(),
  /** translate: the language the text was put into. */
  targetLanguage: visionLanguage.nullable(),
  text: z.string(),
  /** stopped: the user stopped it (the text is as far as it got); failed: the model failed. */
  state: z.enum(['complete', 'stopped', 'failed']),
  modelId: z.string(),
  modelName: z.string(),
  /** ISO 8601. */
  createdAt: z.string(),
});
export type VisionAnswer = z.infer<typeof visionAnswer>;

/** A picture and what was read in it. */
export const visionRead = z.object({
  id: z.string(),
  /**
   * The picture as read (re-encoded as it came: PNG, JPEG or WebP; a GIF as PNG), for the caller:
   * GET it with their session or visitor key.
   */
  fileUrl: z.string(),
  /** The name it was uploaded with (or the library image's), for downloads. */
  fileName: z.string(),
  width: z.number().int().min(1),
  height: z.number().int().min(1),
  languages: z.array(visionLanguage).min(1),
  /** The text, lines separated by newlines, paragraphs by blank lines. */
  text: z.string(),
  /** 0–100: the engine's mean over the words. */
  confidence: z.number().min(0).max(100),
  lines: z.array(visionLine),
  /** Whether the lines line up in columns, so GET …/table has something to give. */
  hasTable: z.boolean(),
  /** What read it, e.g. "Tesseract 5 (offline)". */
  engine: z.string(),
  answers: z.array(visionAnswer),
  /** ISO 8601. */
  createdAt: z.string(),
  /** ISO 8601: when a visitor's read is deleted; null for a signed-in user's. */
  expiresAt: z.string().nullable(),
});
export type VisionRead = z.infer<typeof visionRead>;

/** A `vision.read` job's result. */
export const visionReadResult = z.object({ read: visionRead });
export type VisionReadResult = z.infer<typeof visionReadResult>;
export const visionReadJob = jobViewOf(visionReadResult);
export type VisionReadJob = z.infer<typeof visionReadJob>;

/** POST /api/vision/reads → 202. */
export const visionReadStarted = z.object({ job: visionReadJob });
export type VisionReadStarted = z.infer<typeof visionReadStarted>;

/** GET /api/vision/reads?cursor=: the caller's reads, newest first (answers left out). */
export const visionReadsQuery = z.object({
  cursor: z.string().max(300).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(VISION_READS_PAGE_SIZE),
});
export const visionReadsPage = z.object({
  reads: z.array(visionRead),
  nextCursor: z.string().nullable(),
});
export type VisionReadsPage = z.infer<typeof visionReadsPage>;

/**
 * POST /api/vision/reads/{id}/answers: an answer streamed as server-sent events (`start` with
 * the answer's id and model, `delta` text, then `done` with the kept answer, or `error`).
 * Closing the connection stops it (kept as stopped).
 */
export const visionAnswerRequest = z
  .object({
    task: visionTask,
    question: z.string().trim().max(VISION_QUESTION_MAX_LENGTH).nullable().default(null),
    targetLanguage: visionLanguage.nullable().default(null),
    /** A chat model id; null: the caller's default (a vision-capable one for describe and ask). */
    model: z.string().max(100).nullable().default(null),
  })
  .superRefine((request, context) => {
    if (request.task === 'ask' && !request.question) {
      context.addIssue({
        code: 'custom',
        path: ['question'],
        message: visionTexts.questionRequired,
      });
    }
  });
export type VisionAnswerRequest = z.infer<typeof visionAnswerRequest>;
export type VisionAnswerInput = z.input<typeof visionAnswerRequest>;

export const visionAnswerEvents = {
  start: z.object({ answerId: z.string(), modelId: z.string(), modelName: z.string() }),
  delta: z.object({ text: z.string() }),
  done: z.object({ answer: visionAnswer }),
  error: z.object({ message: z.string() }),
} as const;

/** A chat model as the vision page offers it. */
export const visionModel = z.object({
  id: z.string(),
  name: z.string(),
  /** Sees pictures (describe and ask); every model can translate the text. */
  vision: z.boolean(),
  /** The caller's plan reaches it. */
  allowed: z.boolean(),
  /** The embedded demo model (its answers are canned). */
  sandbox: z.boolean(),
});
export type VisionModel = z.infer<typeof visionModel>;

/** GET /api/vision/catalogue */
export const visionCatalogueResponse = z.object({
  /** The OCR engine, e.g. "Tesseract 5": offline, on the server. */
  engine: z.string(),
  languages: z.array(visionLanguage),
  models: z.array(visionModel),
  /** The caller's default model for describe and ask; null when none of theirs can see. */
  defaultVisionModel: z.string().nullable(),
  limits: z.object({
    /** Pictures read a day on the caller's plan, and what is left today. */
    dailyReads: z.number().int().min(0),
    remainingToday: z.number().int().min(0),
    maxFileBytes: z.number().int().min(1),
    maxPixels: z.number().int().min(1),
  }),
});
export type VisionCatalogueResponse = z.infer<typeof visionCatalogueResponse>;
