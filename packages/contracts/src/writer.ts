import { z } from 'zod';

/**
 * The content writer (/content-writer): a piece of content written from a template people use
 * (a blog post, a product description, an e-mail…) or any text rewritten, shortened, expanded,
 * put in another tone, corrected or translated, streamed from the chat's models into a Markdown
 * editor. Every generation and edit of a signed-in user's document is a version kept on the
 * server (compared side by side, restored); a visitor's documents stay in their browser. A
 * document exports to DOCX, PDF (a font that carries Vietnamese) and Markdown through the office
 * tools' writers. Each generation or transform counts one of the day's `writing` allowance.
 */

export const writerLanguages = ['en', 'vi'] as const;
export const writerLanguage = z.enum(writerLanguages);
export type WriterLanguage = z.infer<typeof writerLanguage>;

export const writerTones = [
  'neutral',
  'friendly',
  'professional',
  'persuasive',
  'playful',
  'formal',
] as const;
export const writerTone = z.enum(writerTones);
export type WriterTone = z.infer<typeof writerTone>;

export const writerLengths = ['short', 'medium', 'long'] as const;
export const writerLength = z.enum(writerLengths);
export type WriterLength = z.infer<typeof writerLength>;

/** The networks a social post is written for, each with its own limit of characters. */
export const socialNetworks = [
  'x',
  'linkedin',
  'facebook',
  'instagram',
  'threads',
  'tiktok',
] as const;
export const socialNetwork = z.enum(socialNetworks);
export type SocialNetwork = z.infer<typeof socialNetwork>;

/** Each network's limit for a post's text, in characters (as the network counts them). */
export const socialNetworkLimits: Readonly<Record<SocialNetwork, number>> = {
  x: 280,
  linkedin: 3000,
  facebook: 63_206,
  instagram: 2200,
  threads: 500,
  tiktok: 4000,
};

/** What a template's field holds: a line, a longer text, or the network of a social post. */
export type WriterFieldKind = 'line' | 'text' | 'network';

export interface WriterField {
  /** Its key in `fields` and under `templates.<id>.fields` in the writer's texts. */
  key: string;
  kind: WriterFieldKind;
  required: boolean;
  maxLength: number;
}

const line = (key: string, required = false): WriterField => ({
  key,
  kind: 'line',
  required,
  maxLength: 300,
});
const text = (key: string, required = false, maxLength = 4000): WriterField => ({
  key,
  kind: 'text',
  required,
  maxLength,
});

/**
 * The templates: each with its own fields, and whether it is long-form (it writes at most
 * `long`'s length; every plan has every template, long pieces count like short ones).
 */
export const writerTemplates = {
  'blog-post': { fields: [line('topic', true), line('keywords'), text('points')], longForm: true },
  'product-description': {
    fields: [line('product', true), text('features', true), line('audience')],
    longForm: false,
  },
  email: {
    fields: [line('purpose', true), line('recipient'), text('points')],
    longForm: false,
  },
  'social-post': {
    fields: [
      { key: 'network', kind: 'network', required: true, maxLength: 20 },
      line('topic', true),
      line('callToAction'),
    ],
    longForm: false,
  },
  'ad-copy': { fields: [line('product', true), line('offer'), line('platform')], longForm: false },
  outline: { fields: [line('topic', true), line('kind')], longForm: true },
  'press-release': {
    fields: [
      line('announcement', true),
      line('organisation', true),
      text('details'),
      line('quote'),
    ],
    longForm: true,
  },
  'cover-letter': {
    fields: [line('role', true), line('company', true), text('experience', true)],
    longForm: true,
  },
  summary: { fields: [text('source', true, 20_000)], longForm: false },
} as const satisfies Record<string, { fields: readonly WriterField[]; longForm: boolean }>;

export type WriterTemplateId = keyof typeof writerTemplates;
export const writerTemplateIds = Object.keys(writerTemplates) as [
  WriterTemplateId,
  ...WriterTemplateId[],
];
export const writerTemplateId = z.enum(writerTemplateIds);

/** What can be done to any text (the whole document, or a selected passage of it). */
export const writerTransforms = [
  'rewrite',
  'shorten',
  'expand',
  'tone',
  'grammar',
  'translate',
] as const;
export const writerTransform = z.enum(writerTransforms);
export type WriterTransform = z.infer<typeof writerTransform>;

export const WRITER_DOCUMENT_MAX_LENGTH = 60_000;
export const WRITER_INSTRUCTION_MAX_LENGTH = 1000;
export const WRITER_TITLE_MAX_LENGTH = 200;
export const WRITER_DOCUMENTS_PAGE_SIZE = 20;

export const writerTexts = {
  fieldRequired: (field: string) => `Fill in "${field}": this template needs it.`,
  unknownField: (field: string) => `This template has no field "${field}".`,
  fieldTooLong: (field: string, max: number) => `"${field}" takes at most ${max} characters.`,
  textRequired: 'Write or paste the text to work on.',
  selectionOutside: 'The selected passage is not in the text. Select it again.',
  toneRequired: 'Choose the tone to put the text in.',
  documentTooLong: `A document holds at most ${WRITER_DOCUMENT_MAX_LENGTH.toLocaleString('en-US')} characters.`,
  templateNameRequired: 'Give your template a name.',
  networkUnknown: 'Choose one of the social networks listed.',
} as const;

/** A template's fields, filled in: checked against the template in the request's refinement. */
export const writerFields = z.record(z.string().max(40), z.string().max(20_000));

/** POST /api/writer/generations: a piece written from a template, streamed. */
export const writerGenerationRequest = z
  .object({
    template: writerTemplateId,
    fields: writerFields,
    tone: writerTone.default('neutral'),
    length: writerLength.default('medium'),
    audience: z.string().trim().max(300).default(''),
    language: writerLanguage,
    /** A signed-in user's document to add the result to as a version; null starts a new one. */
    documentId: z.string().min(1).max(100).nullable().default(null),
    model: z.string().max(100).nullable().default(null),
  })
  .superRefine((request, context) => {
    const fields: readonly WriterField[] = writerTemplates[request.template].fields;
    for (const key of Object.keys(request.fields)) {
      if (!fields.some((field) => field.key === key)) {
        context.addIssue({
          code: 'custom',
          path: ['fields', key],
          message: writerTexts.unknownField(key),
        });
      }
    }
    for (const field of fields) {
      const value = request.fields[field.key]?.trim() ?? '';
      if (field.required && value === '') {
        context.addIssue({
          code: 'custom',
          path: ['fields', field.key],
          message: writerTexts.fieldRequired(field.key),
        });
      } else if (value.length > field.maxLength) {
        context.addIssue({
          code: 'custom',
          path: ['fields', field.key],
          message: writerTexts.fieldTooLong(field.key, field.maxLength),
        });
      } else if (
        field.kind === 'network' &&
        value !== '' &&
        !socialNetwork.safeParse(value).success
      ) {
        context.addIssue({
          code: 'custom',
          path: ['fields', field.key],
          message: writerTexts.networkUnknown,
        });
      }
    }
  });
export type WriterGenerationRequest = z.infer<typeof writerGenerationRequest>;
export type WriterGenerationInput = z.input<typeof writerGenerationRequest>;

/** A passage of the text, by UTF-16 offsets (as the editor's selection gives them). */
export const writerSelection = z
  .object({ start: z.number().int().min(0), end: z.number().int().min(0) })
  .refine((selection) => selection.end > selection.start, {
    message: writerTexts.selectionOutside,
  });
export type WriterSelection = z.infer<typeof writerSelection>;

/**
 * POST /api/writer/transforms: the text (or the selected passage only, the rest kept as it is)
 * rewritten, shortened, expanded, put in `tone`, corrected, or translated into `language`;
 * `instruction` says more in the user's words ("make it sound less formal").
 */
export const writerTransformRequest = z
  .object({
    transform: writerTransform,
    text: z
      .string()
      .max(WRITER_DOCUMENT_MAX_LENGTH, writerTexts.documentTooLong)
      .refine((value) => value.trim() !== '', writerTexts.textRequired),
    selection: writerSelection.nullable().default(null),
    tone: writerTone.nullable().default(null),
    language: writerLanguage,
    instruction: z.string().trim().max(WRITER_INSTRUCTION_MAX_LENGTH).default(''),
    documentId: z.string().min(1).max(100).nullable().default(null),
    model: z.string().max(100).nullable().default(null),
  })
  .superRefine((request, context) => {
    if (request.transform === 'tone' && request.tone === null) {
      context.addIssue({ code: 'custom', path: ['tone'], message: writerTexts.toneRequired });
    }
    if (request.selection && request.selection.end > request.text.length) {
      context.addIssue({
        code: 'custom',
        path: ['selection'],
        message: writerTexts.selectionOutside,
      });
    }
  });
export type WriterTransformRequest = z.infer<typeof writerTransformRequest>;
export type WriterTransformInput = z.input<typeof writerTransformRequest>;

export const writerVersionKinds = ['generate', 'transform', 'edit', 'restore'] as const;
export const writerVersionKind = z.enum(writerVersionKinds);
export type WriterVersionKind = z.infer<typeof writerVersionKind>;

export const writerVersionStates = ['complete', 'stopped', 'failed'] as const;
export const writerVersionState = z.enum(writerVersionStates);

/** One version of a document: what a generation, a transform, an edit or a restore left. */
export const writerVersion = z.object({
  id: z.string(),
  documentId: z.string(),
  /** 1, 2, 3… in the document's order. */
  number: z.number().int().min(1),
  kind: writerVersionKind,
  /** The template or the transform that made it; null for an edit or a restore. */
  template: writerTemplateId.nullable(),
  transform: writerTransform.nullable(),
  /** A restore's source version number. */
  restoredFrom: z.number().int().min(1).nullable(),
  state: writerVersionState,
  content: z.string(),
  modelName: z.string().nullable(),
  createdAt: z.string(),
});
export type WriterVersion = z.infer<typeof writerVersion>;

/** A signed-in user's document: its latest content and how many versions it has. */
export const writerDocument = z.object({
  id: z.string(),
  title: z.string(),
  template: writerTemplateId.nullable(),
  language: writerLanguage,
  content: z.string(),
  versions: z.number().int().min(1),
  currentVersion: z.number().int().min(1),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type WriterDocument = z.infer<typeof writerDocument>;

/** GET /api/writer/documents */
export const writerDocumentsQuery = z.object({
  cursor: z.string().max(400).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(WRITER_DOCUMENTS_PAGE_SIZE),
});
/** A document in a list (the writer's, the library's): without its content, with its start. */
export const writerDocumentSummary = writerDocument
  .omit({ content: true })
  .extend({ excerpt: z.string() });
export type WriterDocumentSummary = z.infer<typeof writerDocumentSummary>;

export const writerDocumentsPage = z.object({
  documents: z.array(writerDocumentSummary),
  nextCursor: z.string().nullable(),
});
export type WriterDocumentsPage = z.infer<typeof writerDocumentsPage>;

/** GET /api/writer/documents/{id}/versions: newest first. */
export const writerVersionsResponse = z.object({ versions: z.array(writerVersion) });

/** PUT /api/writer/documents/{id}: the user's own edit, kept as a version. */
export const writerEditRequest = z.object({
  title: z.string().trim().min(1).max(WRITER_TITLE_MAX_LENGTH).optional(),
  content: z.string().max(WRITER_DOCUMENT_MAX_LENGTH, writerTexts.documentTooLong),
});

/** The formats a document exports to. */
export const writerExportFormats = ['docx', 'pdf', 'md'] as const;
export const writerExportFormat = z.enum(writerExportFormats);
export type WriterExportFormat = z.infer<typeof writerExportFormat>;

/**
 * POST /api/writer/exports: any Markdown (a visitor's document, or an unsaved edit) written as
 * DOCX, PDF or Markdown; a user's saved document exports from GET …/documents/{id}/export.
 */
export const writerExportRequest = z.object({
  title: z.string().trim().min(1).max(WRITER_TITLE_MAX_LENGTH),
  content: z
    .string()
    .max(WRITER_DOCUMENT_MAX_LENGTH, writerTexts.documentTooLong)
    .refine((value) => value.trim() !== '', writerTexts.textRequired),
  format: writerExportFormat,
  language: writerLanguage,
});

/** The streamed events of a generation or a transform (text/event-stream). */
export const writerStreamEvents = {
  start: z.object({
    /** The document and version it is kept as (a signed-in user's); null for a visitor. */
    documentId: z.string().nullable(),
    versionId: z.string().nullable(),
    modelId: z.string(),
    modelName: z.string(),
  }),
  delta: z.object({ text: z.string() }),
  /** The whole text (the document's, with a transformed passage put back in its place). */
  done: z.object({ content: z.string(), version: writerVersion.nullable() }),
  error: z.object({ message: z.string(), content: z.string() }),
};

/** A user's own template: a template with its fields, tone, length and language set. */
export const writerSavedTemplate = z.object({
  id: z.string(),
  name: z.string(),
  template: writerTemplateId,
  fields: writerFields,
  tone: writerTone,
  length: writerLength,
  audience: z.string(),
  language: writerLanguage,
  /** The link anyone can open it from (/content-writer?template=<token>); null until shared. */
  shareToken: z.string().nullable(),
  createdAt: z.string(),
});
export type WriterSavedTemplate = z.infer<typeof writerSavedTemplate>;

/** GET /api/writer/templates: the user's saved templates, newest first. */
export const writerSavedTemplatesResponse = z.object({ templates: z.array(writerSavedTemplate) });

/** POST /api/writer/templates */
export const writerSaveTemplateRequest = z
  .object({
    name: z.string().trim().min(1, writerTexts.templateNameRequired).max(100),
    template: writerTemplateId,
    fields: writerFields,
    tone: writerTone,
    length: writerLength,
    audience: z.string().trim().max(300).default(''),
    language: writerLanguage,
  })
  .superRefine((request, context) => {
    // Saved half-filled is fine; a field the template does not have, or too long, is not.
    const fields: readonly WriterField[] = writerTemplates[request.template].fields;
    for (const [key, value] of Object.entries(request.fields)) {
      const field = fields.find((candidate) => candidate.key === key);
      const message = !field
        ? writerTexts.unknownField(key)
        : value.trim().length > field.maxLength
          ? writerTexts.fieldTooLong(key, field.maxLength)
          : null;
      if (message) context.addIssue({ code: 'custom', path: ['fields', key], message });
    }
  });

/** GET /api/writer/catalogue: the templates, the chat's models for the plan, and the allowance. */
export const writerCatalogueResponse = z.object({
  templates: z.array(
    z.object({
      id: writerTemplateId,
      longForm: z.boolean(),
      fields: z.array(
        z.object({
          key: z.string(),
          kind: z.enum(['line', 'text', 'network']),
          required: z.boolean(),
          maxLength: z.number().int(),
        }),
      ),
    }),
  ),
  socialNetworkLimits: z.record(socialNetwork, z.number().int()),
  models: z.array(z.object({ id: z.string(), name: z.string(), sandbox: z.boolean() })),
  defaultModel: z.string().nullable(),
  limits: z.object({
    dailyGenerations: z.number().int().min(0),
    remainingToday: z.number().int().min(0),
    resetsAt: z.string(),
  }),
});
export type WriterCatalogueResponse = z.infer<typeof writerCatalogueResponse>;
