import {
  generatedImage,
  IMAGE_NEGATIVE_PROMPT_MAX_LENGTH,
  IMAGE_PROMPT_MAX_LENGTH,
  IMAGE_SEED_MAX,
  IMAGE_VARIANTS_MAX,
  MUSIC_DURATION_MAX_SECONDS,
  musicPiece,
  VOICE_INSTRUCTIONS_MAX_LENGTH,
  VOICE_PITCH_MAX,
  VOICE_PITCH_MIN,
  VOICE_SPEED_MAX,
  VOICE_SPEED_MIN,
  VOICE_TEXT_MAX_LENGTH,
  voiceClip,
  WRITER_DOCUMENT_MAX_LENGTH,
  WRITER_TITLE_MAX_LENGTH,
  writerDocument,
  writerVersion,
} from '@studio/contracts';
import { z } from 'zod';

/**
 * A browser's thing as it may be moved in: the tool's own shape (what its list answers), held
 * to the bounds the tool itself would have written, since here it comes from the browser.
 */
const sourceId = z.string().min(1).max(200);
const name = z.string().max(200);
const modelId = z.string().max(100);

export const importableImage = generatedImage.extend({
  id: sourceId,
  jobId: z.string().max(200),
  index: z
    .number()
    .int()
    .min(0)
    .max(IMAGE_VARIANTS_MAX - 1),
  prompt: z.string().max(IMAGE_PROMPT_MAX_LENGTH),
  negativePrompt: z.string().max(IMAGE_NEGATIVE_PROMPT_MAX_LENGTH).nullable(),
  modelId,
  modelName: name,
  seed: z.number().int().min(0).max(IMAGE_SEED_MAX).nullable(),
});

export const importableClip = voiceClip.extend({
  id: sourceId,
  text: z.string().min(1).max(VOICE_TEXT_MAX_LENGTH),
  voice: modelId,
  voiceName: name,
  engine: modelId,
  speed: z.number().min(VOICE_SPEED_MIN).max(VOICE_SPEED_MAX),
  pitch: z.number().min(VOICE_PITCH_MIN).max(VOICE_PITCH_MAX),
  instructions: z.string().max(VOICE_INSTRUCTIONS_MAX_LENGTH).nullable(),
  characters: z.number().int().min(0).max(VOICE_TEXT_MAX_LENGTH),
  durationMs: z
    .number()
    .int()
    .min(0)
    .max(24 * 60 * 60 * 1000),
});

export const importablePiece = musicPiece.extend({
  id: sourceId,
  title: name,
  model: modelId,
  modelName: name,
  // An extended piece may run past one request's longest; never past an hour.
  durationMs: z
    .number()
    .int()
    .min(0)
    .max(Math.max(MUSIC_DURATION_MAX_SECONDS, 3600) * 1000),
});

/** Versions a moved-in document keeps (the newest ones: a long-edited document's first are dropped). */
export const IMPORTED_DOCUMENT_VERSIONS_MAX = 200;

const documentText = z.string().max(WRITER_DOCUMENT_MAX_LENGTH);

/** A visitor's writer document as their browser keeps it: the document, its versions newest first. */
export const importableDocument = writerDocument.extend({
  id: sourceId,
  title: z.string().trim().min(1).max(WRITER_TITLE_MAX_LENGTH),
  content: documentText,
  history: z
    .array(
      writerVersion.extend({
        content: documentText,
        modelName: name.nullable(),
        restoredFrom: z.number().int().min(1).max(100_000).nullable(),
      }),
    )
    .min(1),
});

export type ImportableImage = z.infer<typeof importableImage>;
export type ImportableDocument = z.infer<typeof importableDocument>;
export type ImportableClip = z.infer<typeof importableClip>;
export type ImportablePiece = z.infer<typeof importablePiece>;

/**
 * When the copy is placed in the library: when the thing was made, as the browser says, unless
 * that is not a time or lies in the future (then now). The library keeps its order so.
 */
export function madeAt(createdAt: string, now: Date): Date {
  const time = Date.parse(createdAt);
  return Number.isFinite(time) && time <= now.getTime() ? new Date(time) : now;
}
