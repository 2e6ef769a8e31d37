import {
  dictationStatus,
  errorResponse,
  quotaErrorResponse,
  TRANSCRIPTION_MAX_BYTES,
  transcriptionFields,
  transcriptionResponse,
  transcriptionTexts,
} from '@studio/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorTexts,
  HttpError,
  readErrorResponses,
  writeErrorResponses,
} from '../../http/errors.ts';
import {
  type MultipartFormLimits,
  readFormOrRefuse,
  registerMultipartForm,
} from '../../http/multipart-form.ts';
import { clientGone } from '../../http/client-gone.ts';

export const dictationFormTexts = {
  badForm:
    'Send the recording as multipart/form-data: the field "language" (auto, en or vi), then the file "audio" (a WAV).',
} as const;

/** One text field (`language`) and one file (`audio`). */
const formLimits: MultipartFormLimits = {
  maxFileBytes: TRANSCRIPTION_MAX_BYTES,
  files: 1,
  fields: 1,
};

/** The recording and its language, or 400 (this form's text), 413 (the file's size). */
async function readDictationForm(request: FastifyRequest) {
  const badForm = () => new HttpError(400, dictationFormTexts.badForm);
  const form = await readFormOrRefuse(request, formLimits, {
    tooLarge: () => new HttpError(413, transcriptionTexts.tooLarge),
    badForm,
  });
  const [file, ...otherFiles] = form.files;
  if (!file || file.name !== 'audio' || otherFiles.length > 0) throw badForm();
  const [field, ...otherFields] = form.fields;
  if (otherFields.length > 0 || (field && field.name !== 'language')) throw badForm();
  const parsed = transcriptionFields.safeParse(field ? { language: field.value } : {});
  if (!parsed.success) {
    throw new HttpError(400, errorTexts[400], ['language: must be auto, en or vi']);
  }
  return { audio: file.data, language: parsed.data.language };
}

const unauthorized = errorResponse.describe('Missing, invalid, expired or revoked bearer token');

/**
 * Dictation (speech to text), open to visitors and users alike: whether it works here and what
 * the caller has left (GET /api/voice/dictation), and hearing one recording (POST
 * /api/voice/transcriptions). The recording is checked before any engine hears it; the day's
 * allowance is counted in seconds (the `transcription` meter).
 */
export const dictationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { dictation } = app;
  const limits = { rateLimit: app.rateLimits.api };

  app.register(async (scope) => {
    const open = scope.withTypeProvider<ZodTypeProvider>();
    await registerMultipartForm(open, formLimits);
    open.addHook('onRequest', app.identify);

    open.get(
      '/voice/dictation',
      {
        schema: {
          tags: ['voice'],
          summary: 'Whether dictation works here, which engine hears, and what the caller has left',
          response: { ...readErrorResponses, 200: dictationStatus, 401: unauthorized },
        },
        config: limits,
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return dictation.status(request.caller);
      },
    );

    open.post(
      '/voice/transcriptions',
      {
        schema: {
          tags: ['voice'],
          summary: 'Hear one recording: its words, language and length',
          description: `multipart/form-data: the field \`language\` (auto, en or vi; auto when left out), then the file \`audio\`: a WAV of one channel of 16-bit PCM at 8–48 kHz (the browser records 16 kHz), at most ${TRANSCRIPTION_MAX_BYTES / 1024 / 1024} MB and the caller's plan's longest recording. Each second (rounded up) takes one unit of the day's dictation allowance, given back if the engine fails. Nothing of the recording or its words is logged.`,
          consumes: ['multipart/form-data'],
          response: {
            ...writeErrorResponses,
            200: transcriptionResponse,
            400: errorResponse.describe(
              'Not this form, an unknown language, a broken WAV, or a silent recording',
            ),
            401: unauthorized,
            413: errorResponse.describe(
              "The file is over the size limit, or the recording is longer than the caller's plan allows",
            ),
            415: errorResponse.describe('Not a WAV, or not mono 16-bit PCM at 8–48 kHz'),
            429: z
              .union([quotaErrorResponse, errorResponse])
              .describe(
                "Today's dictation seconds do not cover the recording (code quota), or too many requests",
              ),
            502: errorResponse.describe('The engine failed on this recording (in our words)'),
            503: errorResponse.describe('No engine hears recordings here, or it is busy'),
          },
        },
        config: limits,
      },
      async (request, reply) => {
        // The engine's own refusals (none here, busy, failed) are answered in their words,
        // which the error handler would turn into §8's generic 500 text.
        const serverSide = (error: HttpError) =>
          reply.code(error.statusCode).headers(error.headers).send({ message: error.message });
        // Said before the body is read: nothing is uploaded for nothing.
        if (!dictation.available()) return serverSide(dictation.unavailable());
        const form = await readDictationForm(request);
        try {
          // The caller went away: the engine stops (and the allowance is given back).
          return await dictation.transcribe(request.caller, form, clientGone(reply));
        } catch (error) {
          if (error instanceof HttpError && error.statusCode >= 500) return serverSide(error);
          throw error;
        }
      },
    );
  });
};
