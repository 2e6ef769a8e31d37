import { IMAGE_REFERENCES_MAX } from '@studio/contracts';
import type { FastifyRequest } from 'fastify';
import type { GenerationUploads } from '../../domains/images/images.service.ts';
import { HttpError } from '../../http/errors.ts';
import { type MultipartFormLimits, readFormOrRefuse } from '../../http/multipart-form.ts';

export const generationFormTexts = {
  badForm: `Send the request as multipart/form-data: the field "request" (JSON) and the files "source", "mask" and "reference" (at most ${IMAGE_REFERENCES_MAX}).`,
} as const;

/** The form's shape: the JSON field and a source, a mask and the references. */
export const generationFormLimits = (maxFileBytes: number): MultipartFormLimits => ({
  maxFileBytes,
  files: 2 + IMAGE_REFERENCES_MAX,
  fields: 1,
});

/**
 * A multipart generation request: the JSON in the field `request` and the files `source`, `mask`
 * and `reference`, each within the chat's upload limit (readMultipartForm reads the whole body
 * first). 413 for a file over the limit, 400 with this form's text for anything else that is
 * not this form, and §8's 400 for a body that is not multipart at all.
 */
export async function readGenerationForm(
  request: FastifyRequest,
  maxBytes: number,
  tooLarge: () => HttpError,
): Promise<{ fields: unknown; uploads: GenerationUploads }> {
  const badForm = () => new HttpError(400, generationFormTexts.badForm);
  const form = await readFormOrRefuse(request, generationFormLimits(maxBytes), {
    tooLarge,
    badForm,
  });
  const [field, ...otherFields] = form.fields;
  if (!field || field.name !== 'request' || otherFields.length > 0) throw badForm();
  let fields: unknown;
  try {
    fields = JSON.parse(field.value);
  } catch {
    throw badForm();
  }
  const uploads: GenerationUploads = { source: null, mask: null, references: [] };
  for (const { name, data } of form.files) {
    if (name === 'source' && uploads.source === null) uploads.source = data;
    else if (name === 'mask' && uploads.mask === null) uploads.mask = data;
    else if (name === 'reference' && uploads.references.length < IMAGE_REFERENCES_MAX) {
      uploads.references.push(data);
    } else throw badForm();
  }
  return { fields, uploads };
}
