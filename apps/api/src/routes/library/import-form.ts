import { libraryImportFields, libraryImportTexts } from '@studio/contracts';
import type { FastifyRequest } from 'fastify';
import { libraryImportLimits } from '../../domains/library/library-config.ts';
import { libraryTexts } from '../../domains/library/library-texts.ts';
import type { LibraryImportForm } from '../../domains/library/library.service.ts';
import { HttpError } from '../../http/errors.ts';
import { type MultipartFormLimits, readFormOrRefuse } from '../../http/multipart-form.ts';
import { declaredLength } from '../../http/request-body.ts';

/** The form's shape: three text fields and a piece's files at most, each within a piece's cap. */
export const importFormLimits: MultipartFormLimits = {
  maxFileBytes: libraryImportLimits.pieceFileBytes,
  files: libraryImportLimits.pieceFiles,
  fields: 3,
  // The same cap as the declared length's, for a chunked body that declares none.
  maxTotalFileBytes: libraryImportLimits.bodyBytes,
};

const textFields = new Set<string>(Object.values(libraryImportFields));

/**
 * An import's multipart body read whole: its text fields by name and its files by field name
 * (what each must be is the service's to check). 413 for a body or a file over the caps, 400
 * with this form's text for a field twice or unknown, §8's 400 for a body that is not multipart.
 */
export async function readImportForm(request: FastifyRequest): Promise<LibraryImportForm> {
  const tooLarge = () => new HttpError(413, libraryImportTexts.tooLarge);
  const badForm = () => new HttpError(400, libraryTexts.badForm);
  const length = declaredLength(request.headers['content-length']);
  if (length !== null && length > libraryImportLimits.bodyBytes) throw tooLarge();
  const form = await readFormOrRefuse(request, importFormLimits, { tooLarge, badForm });
  const fields = new Map<string, string>();
  for (const { name, value } of form.fields) {
    if (!textFields.has(name) || name === libraryImportFields.file || fields.has(name)) {
      throw badForm();
    }
    fields.set(name, value);
  }
  const files = new Map<string, Buffer>();
  for (const { name, data } of form.files) {
    if (files.has(name)) throw badForm();
    files.set(name, data);
  }
  return {
    kind: fields.get(libraryImportFields.kind) ?? null,
    item: fields.get(libraryImportFields.item) ?? null,
    parentId: fields.get(libraryImportFields.parentId) || null,
    files,
  };
}
