import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { errorTexts, HttpError } from './errors.ts';
import { FilePartTooLargeError, parserFileSizeFor, readFilePart } from './read-file-part.ts';
import { bodyFullyRead, declaredLength, untilBodyRead } from './request-body.ts';

export const multipartTexts = {
  malformed:
    'body: is not complete multipart/form-data (a boundary in Content-Type, each part framed by it, then the closing boundary)',
} as const;

/**
 * The body is not well-formed multipart/form-data: no boundary or an empty one, a malformed part,
 * or no closing boundary (a truncated body). The client's mistake: 400 with §8's text, never a
 * server error.
 */
export class MalformedMultipartError extends HttpError {
  constructor(options?: { cause: unknown }) {
    super(400, errorTexts[400], [multipartTexts.malformed], options);
    this.name = 'MalformedMultipartError';
  }
}

/**
 * Well-formed, but more parts, files or fields than the form takes (or a field named after an
 * object's prototype). Each route says what its form is, so it answers with its own text.
 */
export class UnexpectedFormPartsError extends HttpError {
  constructor(options?: { cause: unknown }) {
    super(400, errorTexts[400], undefined, options);
    this.name = 'UnexpectedFormPartsError';
  }
}

export interface MultipartFormLimits {
  /** The largest file accepted, in bytes (each file). */
  readonly maxFileBytes: number;
  /** Files and text fields the form has at most. */
  readonly files: number;
  readonly fields: number;
  /**
   * All the files together at most, in bytes (default: no cap beyond `files` × `maxFileBytes`).
   * A route that checks the declared Content-Length against its own cap sets this too: a chunked
   * body declares none, and without it could hold every file at its largest in memory.
   */
  readonly maxTotalFileBytes?: number;
}

/** Room for the multipart framing (boundaries, part headers) and the text fields around files. */
const formOverheadBytes = 128 * 1024;

/**
 * A body that says it is larger than this many times the largest form is refused before it is
 * read. Up to it, an over-limit file is read to its end and dropped, so the refusal comes after
 * the body and the connection stays usable; reading more than that to say no is not worth it.
 */
const readToRefuseFactor = 4;

/** @fastify/multipart's error codes for a form with more parts than it may have. */
const unexpectedPartCodes = new Set([
  'FST_PARTS_LIMIT',
  'FST_FILES_LIMIT',
  'FST_FIELDS_LIMIT',
  'FST_PROTO_VIOLATION',
]);

/**
 * The boundary parameter of a multipart Content-Type, as RFC 2046 allows it: 1 to 70 characters.
 * busboy refuses a missing one but reads an empty one (`boundary=`) as a boundary of "--" and
 * finds whatever parts that yields in the body; such a body was never a form.
 */
function hasValidBoundary(contentType: string | undefined): boolean {
  const match = /;\s*boundary=(?:"([^"]*)"|([^;\s]*))/i.exec(contentType ?? '');
  const boundary = match?.[1] ?? match?.[2] ?? '';
  return boundary.length >= 1 && boundary.length <= 70;
}

function statusCodeOf(error: unknown): number | null {
  return typeof error === 'object' &&
    error !== null &&
    'statusCode' in error &&
    typeof error.statusCode === 'number'
    ? error.statusCode
    : null;
}

/**
 * What an error out of the multipart parser means. busboy's own errors ("Multipart: Boundary
 * not found", "Unexpected end of multipart data", "Malformed part header", "Part terminated
 * early") are plain Errors without a status: they are all about the body the client sent, as
 * are @fastify/multipart's 4xx errors (a client that went away mid-body included).
 */
function parserError(error: unknown): Error {
  if (error instanceof FilePartTooLargeError || error instanceof HttpError) return error;
  const code =
    typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
  if (typeof code === 'string' && unexpectedPartCodes.has(code)) {
    return new UnexpectedFormPartsError({ cause: error });
  }
  const status = statusCodeOf(error);
  if (status !== null && status >= 500) {
    return error instanceof Error ? error : new Error(String(error));
  }
  return new MalformedMultipartError({ cause: error });
}

/**
 * Registers the multipart parser in a route scope, for forms with at most `limits.files` files
 * of `limits.maxFileBytes` each and `limits.fields` text fields. Every multipart route goes
 * through here and reads its body with readMultipartForm, so a malformed body is a 400 on each
 * of them alike.
 */
export async function registerMultipartForm(
  scope: FastifyInstance,
  limits: MultipartFormLimits,
): Promise<void> {
  await scope.register(multipart, {
    limits: {
      // The file's size is enforced by readFilePart (see there why the parser's own limit and
      // toBuffer() are not enough); the parser stops keeping bytes one past it.
      fileSize: parserFileSizeFor(limits.maxFileBytes),
      files: limits.files,
      fields: limits.fields,
      parts: limits.files + limits.fields,
      headerPairs: 20,
    },
    throwFileSizeLimit: false,
  });
  // An answer sent before the body was read (a 401, a declared length far over the limit, a
  // malformed body): the client may still be sending the rest, which must not be read as its
  // next request on this keep-alive connection. Close it, as Fastify does after its own body
  // errors.
  scope.addHook('onSend', async (request, reply) => {
    if (!bodyFullyRead(request.raw)) reply.header('connection', 'close');
  });
}

export interface MultipartForm {
  /** The text fields in the order they came. */
  readonly fields: readonly { readonly name: string; readonly value: string }[];
  /**
   * The files in the order they came, each within `maxFileBytes`, with the file name the client
   * gave (null when none; never trusted beyond a download's name).
   */
  readonly files: readonly {
    readonly name: string;
    readonly data: Buffer;
    readonly fileName: string | null;
  }[];
}

/**
 * Reads a whole multipart/form-data body registered with registerMultipartForm. Every part is
 * read to its end, even after a file over the limit, so the answer goes out after the whole body
 * and a keep-alive connection stays in step. Throws FilePartTooLargeError (after the body) for a
 * file over `maxFileBytes`, files together over `maxTotalFileBytes` or a body declared far larger
 * than the form, UnexpectedFormPartsError for a form with more parts than registered,
 * MalformedMultipartError for a body that is not multipart/form-data at all. Which names the form
 * takes is the route's to check.
 */
export async function readMultipartForm(
  request: FastifyRequest,
  limits: MultipartFormLimits,
): Promise<MultipartForm> {
  const length = declaredLength(request.headers['content-length']);
  const largestForm = limits.files * limits.maxFileBytes + formOverheadBytes;
  if (length !== null && length > readToRefuseFactor * largestForm) {
    throw new FilePartTooLargeError(limits.maxFileBytes);
  }
  if (!hasValidBoundary(request.headers['content-type'])) throw new MalformedMultipartError();
  const fields: { name: string; value: string }[] = [];
  const files: { name: string; data: Buffer; fileName: string | null }[] = [];
  let kept = 0;
  let tooLarge: FilePartTooLargeError | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        // A field sent with Content-Type application/json arrives parsed; the form takes text.
        const value = typeof part.value === 'string' ? part.value : JSON.stringify(part.value);
        fields.push({ name: part.fieldname, value });
        continue;
      }
      // Each file may have what the form has left: once over, the rest is read and dropped.
      const room = Math.max(0, (limits.maxTotalFileBytes ?? Infinity) - kept);
      try {
        const data = await readFilePart(part.file, Math.min(limits.maxFileBytes, room));
        kept += data.length;
        files.push({ name: part.fieldname, data, fileName: part.filename || null });
      } catch (error) {
        if (!(error instanceof FilePartTooLargeError)) throw error;
        tooLarge ??= error;
      }
    }
    await untilBodyRead(request.raw);
  } catch (error) {
    throw parserError(error);
  }
  if (tooLarge) throw tooLarge;
  return { fields, files };
}

/**
 * readMultipartForm with the tool's own refusals: a file over the limit is `tooLarge()` (413 with
 * the caller's limit), a part the form does not take (a second file, an extra field) is
 * `badForm()` (400 saying what the form takes).
 */
export async function readFormOrRefuse(
  request: FastifyRequest,
  limits: MultipartFormLimits,
  refusals: { tooLarge: () => HttpError; badForm: () => HttpError },
): Promise<MultipartForm> {
  try {
    return await readMultipartForm(request, limits);
  } catch (error) {
    if (error instanceof FilePartTooLargeError) throw refusals.tooLarge();
    if (error instanceof UnexpectedFormPartsError) throw refusals.badForm();
    throw error;
  }
}
