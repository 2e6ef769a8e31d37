import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/** RFC 5987 attr-char: encodeURIComponent leaves ' ( ) * alone, which the grammar forbids. */
export function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/**
 * `attachment` with an ASCII `filename` every client understands (anything else, quotes and
 * backslashes become "_") and `filename*` (RFC 6266, RFC 5987) carrying the real name in UTF-8:
 * nothing in the name can break out of the header.
 */
export function attachmentHeader(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeRfc5987(fileName)}`;
}

/**
 * Sends a file the server made for this request (a table, a zip of stems) as a download that
 * no browser runs or sniffs and no cache keeps.
 */
export function sendAttachment(
  reply: FastifyReply,
  file: { contentType: string; fileName: string; body: Buffer | Readable },
): FastifyReply {
  return reply
    .header('content-type', file.contentType)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cache-control', 'private, no-store')
    .header('content-disposition', attachmentHeader(file.fileName))
    .send(file.body);
}
