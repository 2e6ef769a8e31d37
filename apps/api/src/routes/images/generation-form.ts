import type { Readable } from 'node:stream';
import { IMAGE_REFERENCES_MAX } from '@studio/contracts';
import type { FastifyRequest } from 'fastify';
import type { GenerationUploads } from '../../domains/images/images.service.ts';
import { HttpError } from '../../http/errors.ts';
import { FilePartTooLargeError, readFilePart } from '../chat-uploads/read-file-part.ts';
import { untilBodyRead } from '../chat-uploads/request-body.ts';

export const generationFormTexts = {
  badForm: `Send the request as multipart/form-data: the field "request" (JSON) and the files "source", "mask" and "reference" (at most ${IMAGE_REFERENCES_MAX}).`,
} as const;

async function drain(stream: Readable): Promise<void> {
  stream.resume();
  await new Promise<void>((resolve) => {
    stream.on('end', resolve);
    stream.on('close', resolve);
  });
}

function isClientError(error: unknown): boolean {
  const status =
    typeof error === 'object' && error !== null && 'statusCode' in error ? error.statusCode : null;
  return typeof status === 'number' && status >= 400 && status < 500;
}

/**
 * A multipart generation request: the JSON in the field `request` and the files `source`, `mask`
 * and `reference` (each read with the chat's byte limit, see readFilePart). Every part is read
 * to its end even after a problem, so the answer goes out after the whole body and a keep-alive
 * connection stays in step; then the first problem is thrown (413 for a file over the limit,
 * 400 for anything else that is not this form).
 */
export async function readGenerationForm(
  request: FastifyRequest,
  maxBytes: number,
  tooLarge: () => HttpError,
): Promise<{ fields: unknown; uploads: GenerationUploads }> {
  const uploads: GenerationUploads = { source: null, mask: null, references: [] };
  let fields: unknown;
  // The first problem, thrown once the whole body has been read.
  const state: { problem: HttpError | null } = { problem: null };
  const refuse = (error: HttpError) => {
    state.problem ??= error;
  };
  const badForm = () => new HttpError(400, generationFormTexts.badForm);
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (part.fieldname !== 'request' || fields !== undefined) {
          refuse(badForm());
          continue;
        }
        try {
          fields = JSON.parse(String(part.value));
        } catch {
          refuse(badForm());
        }
        continue;
      }
      if (state.problem) {
        await drain(part.file);
        continue;
      }
      let data: Buffer;
      try {
        data = await readFilePart(part.file, maxBytes);
      } catch (error) {
        if (!(error instanceof FilePartTooLargeError)) throw error;
        refuse(tooLarge());
        continue;
      }
      if (part.fieldname === 'source' && uploads.source === null) uploads.source = data;
      else if (part.fieldname === 'mask' && uploads.mask === null) uploads.mask = data;
      else if (part.fieldname === 'reference' && uploads.references.length < IMAGE_REFERENCES_MAX) {
        uploads.references.push(data);
      } else refuse(badForm());
    }
    await untilBodyRead(request.raw);
  } catch (error) {
    // Malformed multipart, or more parts than the form has: not what we take.
    if (isClientError(error)) throw badForm();
    throw error;
  }
  if (state.problem) throw state.problem;
  if (fields === undefined) throw badForm();
  return { fields, uploads };
}
