import type { IncomingMessage } from 'node:http';

/** A request body larger than its server takes (answered 413 by each handler). */
export class RequestBodyTooLarge extends Error {
  constructor(readonly maxBytes: number) {
    super(`The request body is larger than ${maxBytes} bytes.`);
    this.name = 'RequestBodyTooLarge';
  }
}

/**
 * A Node request's body, whole, as bytes: every stand-in's handler reads it so (the emulators'
 * forms, the model server's JSON, the image server's uploads), each with its own limit, and a
 * runaway body is refused as soon as it passes that limit rather than after.
 */
export async function readRequestBody(req: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += buffer.length;
    if (size > maxBytes) throw new RequestBodyTooLarge(maxBytes);
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}
