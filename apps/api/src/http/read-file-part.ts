import type { Readable } from 'node:stream';

/** The file stream of a multipart part as busboy hands it over. */
export type FilePartStream = Readable & { readonly truncated: boolean };

/** The file has more bytes than the limit; nothing of it was kept. */
export class FilePartTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`the file is over ${maxBytes} bytes`);
    this.name = 'FilePartTooLargeError';
  }
}

/**
 * The multipart parser's fileSize limit to pair with `readFilePart(stream, maxBytes)`: one byte
 * more than the largest accepted file, so an over-limit file always delivers `maxBytes + 1`
 * bytes, which the count below refuses whatever the chunking was. The parser drops the rest.
 */
export const parserFileSizeFor = (maxBytes: number) => maxBytes + 1;

/**
 * Reads a file part into memory and refuses it if it holds more than `maxBytes`.
 *
 * Why not @fastify/multipart's `toBuffer()`: it looks at the stream's `truncated` flag only when
 * a chunk arrives. When a chunk ends exactly at the parser's limit, busboy pushes nothing more
 * and sets `truncated` after that last chunk was consumed, so `toBuffer()` returned the first
 * `limit` bytes as if they were the whole file (a PNG followed by zeros then decodes fine). Where
 * the chunks end depends on how the body reached the socket, which is why the same 20 MB file
 * was refused on a fresh connection and accepted on a reused one. Counting the bytes ourselves,
 * and checking `truncated` once more at the end, does not depend on chunk boundaries.
 *
 * The part is read to its end even once it is over (the parser discards those bytes without
 * handing them over): the refusal then goes out after the body, and a keep-alive connection
 * stays in step for the client's next request. The caller bounds the body's size beforehand.
 */
export async function readFilePart(stream: FilePartStream, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    total += chunk.length;
    if (total > maxBytes) chunks.length = 0;
    else chunks.push(chunk);
  }
  if (total > maxBytes || stream.truncated) throw new FilePartTooLargeError(maxBytes);
  return Buffer.concat(chunks, total);
}
