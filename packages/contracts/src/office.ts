import { z } from 'zod';
import { jobViewOf } from './jobs.ts';

/**
 * The office tools (/office-tools): a document (PDF, DOCX, XLSX, PPTX, CSV, text or Markdown) read
 * offline into its parts — a PDF's pages (a scanned page read with OCR), a workbook's sheets, a
 * deck's slides, a document's sections — then summarised and asked about with answers that cite
 * the part they come from, its tables taken out, translated, converted, or a new document
 * generated from a prompt. Every file goes through the storage module, every read, conversion,
 * translation and generation is a job; every result is a document of its own, kept for its owner
 * (a signed-in user until they delete it, a visitor by their key for a day).
 */

export const officeFormats = ['pdf', 'docx', 'xlsx', 'pptx', 'csv', 'txt', 'md'] as const;
export const officeFormat = z.enum(officeFormats);
export type OfficeFormat = z.infer<typeof officeFormat>;

export const officeLanguages = ['en', 'vi'] as const;
export const officeLanguage = z.enum(officeLanguages);
export type OfficeLanguage = z.infer<typeof officeLanguage>;

/** What a conversion can make of each format (§ the issue: DOCX→PDF, XLSX↔CSV, PDF→text/MD, PPTX→outline). */
export const officeConversions: Readonly<Record<OfficeFormat, readonly OfficeFormat[]>> = {
  pdf: ['md', 'txt', 'docx'],
  docx: ['pdf', 'md', 'txt'],
  xlsx: ['csv'],
  csv: ['xlsx'],
  pptx: ['md', 'docx', 'pdf'],
  txt: ['docx', 'pdf'],
  md: ['docx', 'pdf'],
};

/** What a generation makes. */
export const officeGeneratedFormats = ['docx', 'xlsx', 'pptx'] as const;
export const officeGeneratedFormat = z.enum(officeGeneratedFormats);
export type OfficeGeneratedFormat = z.infer<typeof officeGeneratedFormat>;

export const officeOperations = ['upload', 'convert', 'translate', 'generate'] as const;
export const officeOperation = z.enum(officeOperations);
export type OfficeOperation = z.infer<typeof officeOperation>;

export const OFFICE_QUESTION_MAX_LENGTH = 2000;
export const OFFICE_PROMPT_MAX_LENGTH = 4000;
export const OFFICE_DOCUMENTS_PAGE_SIZE = 20;

export const officeTexts = {
  fileRequired: 'Choose a document: PDF, DOCX, XLSX, PPTX, CSV, TXT or Markdown.',
  questionRequired: 'Type a question about the document.',
  promptRequired: 'Describe the document to generate.',
  cannotConvert: 'This document cannot be converted to that format.',
  expired: 'This document is no longer kept: upload it again.',
  noTables: 'No tables were found in this document.',
} as const;

/**
 * Why a file was refused, by code (the page words each; the API's English message is in the
 * error too).
 */
export const officeRefusals = [
  'unsupported',
  'empty',
  'too-large',
  'too-many-pages',
  'bomb',
  'encrypted',
  'macro',
  'legacy',
  'malformed',
  'timeout',
  'out-of-memory',
] as const;
export const officeRefusal = z.enum(officeRefusals);
export type OfficeRefusal = z.infer<typeof officeRefusal>;

/** Where a part is in its file: "page 3", "sheet Sales", "slide 2", "section Results". */
export const officePartRef = z.object({
  kind: z.enum(['page', 'sheet', 'slide', 'section']),
  /** 1-based. */
  number: z.number().int().min(1),
  name: z.string().nullable(),
});
export type OfficePartRef = z.infer<typeof officePartRef>;

export const officeSpan = z.object({
  text: z.string(),
  bold: z.boolean().optional(),
  italic: z.boolean().optional(),
  code: z.boolean().optional(),
  href: z.string().optional(),
});

export const officeBlock = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('heading'),
    level: z.union([
      z.literal(1),
      z.literal(2),
      z.literal(3),
      z.literal(4),
      z.literal(5),
      z.literal(6),
    ]),
    spans: z.array(officeSpan),
  }),
  z.object({ type: z.literal('paragraph'), spans: z.array(officeSpan) }),
  z.object({
    type: z.literal('list'),
    ordered: z.boolean(),
    items: z.array(z.object({ depth: z.number().int().min(0), spans: z.array(officeSpan) })),
  }),
  z.object({ type: z.literal('table'), header: z.boolean(), rows: z.array(z.array(z.string())) }),
  z.object({ type: z.literal('code'), text: z.string() }),
]);
export type OfficeBlock = z.infer<typeof officeBlock>;

export const officePart = z.object({
  ref: officePartRef,
  /** text: the file's own text; ocr: a page without a text layer, read with OCR. */
  source: z.enum(['text', 'ocr']),
  blocks: z.array(officeBlock),
});
export type OfficePart = z.infer<typeof officePart>;

/** A document as listed. */
export const officeDocument = z.object({
  id: z.string(),
  fileName: z.string(),
  format: officeFormat,
  /** The file's size in bytes. */
  bytes: z.number().int().min(0),
  title: z.string().nullable(),
  /** How many parts, and what they are. */
  parts: z.number().int().min(0),
  partKind: officePartRef.shape.kind,
  /** The parts read with OCR (scanned pages), by number. */
  ocrParts: z.array(z.number().int().min(1)),
  tables: z.number().int().min(0),
  /** How it came to be, and the document it was made from (convert, translate). */
  operation: officeOperation,
  sourceId: z.string().nullable(),
  /** The file itself, for the caller. */
  fileUrl: z.string(),
  /** ISO 8601. */
  createdAt: z.string(),
  /** ISO 8601: when a visitor's document is deleted; null for a signed-in user's. */
  expiresAt: z.string().nullable(),
});
export type OfficeDocument = z.infer<typeof officeDocument>;

/** GET /api/office/documents/{id}/content: its parts, for the viewer and for citations. */
export const officeDocumentContent = z.object({
  document: officeDocument,
  parts: z.array(officePart),
});
export type OfficeDocumentContent = z.infer<typeof officeDocumentContent>;

export const officeDocumentsQuery = z.object({
  cursor: z.string().max(300).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(OFFICE_DOCUMENTS_PAGE_SIZE),
});
export const officeDocumentsPage = z.object({
  documents: z.array(officeDocument),
  nextCursor: z.string().nullable(),
});
export type OfficeDocumentsPage = z.infer<typeof officeDocumentsPage>;

/**
 * Every office job's result: the document it read or made. A refused file fails the job with its
 * refusal as the detail.
 */
export const officeJobResult = z.object({ document: officeDocument });
export type OfficeJobResult = z.infer<typeof officeJobResult>;
export const officeJobFailure = z.object({ refusal: officeRefusal });
export type OfficeJobFailure = z.infer<typeof officeJobFailure>;
export const officeJob = jobViewOf(officeJobResult, officeJobFailure);
export type OfficeJob = z.infer<typeof officeJob>;
export const officeJobStarted = z.object({ job: officeJob });
export type OfficeJobStarted = z.infer<typeof officeJobStarted>;

/** POST /api/office/documents/{id}/conversions */
export const officeConversionRequest = z.object({ to: officeFormat });
export type OfficeConversionRequest = z.infer<typeof officeConversionRequest>;

/** POST /api/office/documents/{id}/translations: headings, lists and tables kept. */
export const officeTranslationRequest = z.object({
  to: officeLanguage,
  model: z.string().max(100).nullable().default(null),
});
export type OfficeTranslationRequest = z.infer<typeof officeTranslationRequest>;

/** POST /api/office/generations: the chat's model plans it, the writers lay it out. */
export const officeGenerationRequest = z.object({
  format: officeGeneratedFormat,
  prompt: z.string().trim().min(1, officeTexts.promptRequired).max(OFFICE_PROMPT_MAX_LENGTH),
  language: officeLanguage,
  model: z.string().max(100).nullable().default(null),
});
export type OfficeGenerationRequest = z.infer<typeof officeGenerationRequest>;
export type OfficeGenerationInput = z.input<typeof officeGenerationRequest>;

/** A table found in a document (GET /api/office/documents/{id}/tables). */
export const officeTable = z.object({
  /** 1-based, in the document's order; GET …/tables/{number}?format=csv|xlsx gives it. */
  number: z.number().int().min(1),
  ref: officePartRef,
  rows: z.number().int().min(0),
  columns: z.number().int().min(0),
  /** Its first rows, for a preview. */
  preview: z.array(z.array(z.string())),
});
export type OfficeTable = z.infer<typeof officeTable>;
export const officeTablesResponse = z.object({ tables: z.array(officeTable) });
export type OfficeTablesResponse = z.infer<typeof officeTablesResponse>;

/** A passage an answer drew on: cited in its text as [n]. */
export const officeSource = z.object({
  n: z.number().int().min(1),
  ref: officePartRef,
  /** The passage's start, for the citation's tooltip. */
  excerpt: z.string(),
});
export type OfficeSource = z.infer<typeof officeSource>;

/**
 * POST /api/office/documents/{id}/answers: a summary or an answer streamed as server-sent events:
 * `start` (the answer's id, its model, and the passages it draws on), `delta` text with [n]
 * markers, then `done` with the kept answer, or `error`. Closing the connection stops it.
 */
export const officeAnswerRequest = z
  .object({
    task: z.enum(['summary', 'ask']),
    question: z.string().trim().max(OFFICE_QUESTION_MAX_LENGTH).nullable().default(null),
    language: officeLanguage.nullable().default(null),
    model: z.string().max(100).nullable().default(null),
  })
  .superRefine((request, context) => {
    if (request.task === 'ask' && !request.question) {
      context.addIssue({
        code: 'custom',
        path: ['question'],
        message: officeTexts.questionRequired,
      });
    }
  });
export type OfficeAnswerRequest = z.infer<typeof officeAnswerRequest>;
export type OfficeAnswerInput = z.input<typeof officeAnswerRequest>;

export const officeAnswer = z.object({
  id: z.string(),
  task: z.enum(['summary', 'ask']),
  question: z.string().nullable(),
  text: z.string(),
  sources: z.array(officeSource),
  state: z.enum(['complete', 'stopped', 'failed']),
  modelId: z.string(),
  modelName: z.string(),
  createdAt: z.string(),
});
export type OfficeAnswer = z.infer<typeof officeAnswer>;

export const officeAnswerEvents = {
  start: z.object({
    answerId: z.string(),
    modelId: z.string(),
    modelName: z.string(),
    sources: z.array(officeSource),
  }),
  delta: z.object({ text: z.string() }),
  done: z.object({ answer: officeAnswer }),
  error: z.object({ message: z.string() }),
} as const;

/** GET /api/office/documents/{id}/answers: the answers kept, oldest first. */
export const officeAnswersResponse = z.object({ answers: z.array(officeAnswer) });
export type OfficeAnswersResponse = z.infer<typeof officeAnswersResponse>;

/** GET /api/office/catalogue */
export const officeCatalogueResponse = z.object({
  formats: z.array(officeFormat),
  conversions: z.record(officeFormat, z.array(officeFormat)),
  generatedFormats: z.array(officeGeneratedFormat),
  models: z.array(
    z.object({ id: z.string(), name: z.string(), allowed: z.boolean(), sandbox: z.boolean() }),
  ),
  defaultModel: z.string().nullable(),
  limits: z.object({
    /** Pages (parts) read a day on the caller's plan, and what is left today. */
    dailyPages: z.number().int().min(0),
    remainingToday: z.number().int().min(0),
    maxFileBytes: z.number().int().min(1),
    maxPages: z.number().int().min(1),
  }),
});
export type OfficeCatalogueResponse = z.infer<typeof officeCatalogueResponse>;
