import type { IncomingMessage } from 'node:http';

/** Whether the whole request body has been taken off the connection. */
export function bodyFullyRead(raw: IncomingMessage): boolean {
  // `complete` is set by node's HTTP parser; a request made with inject() only has its stream.
  return raw.complete || raw.readableEnded;
}

/** The Content-Length header as a number, or null when the body is chunked or the header is bad. */
export function declaredLength(header: string | undefined): number | null {
  if (header === undefined || !/^\d+$/.test(header)) return null;
  return Number(header);
}

/**
 * Resolves once the rest of the body (the multipart closing boundary after the file) has been
 * read, so the answer goes out after the whole request and the connection stays in step.
 */
export function untilBodyRead(raw: IncomingMessage): Promise<void> {
  if (bodyFullyRead(raw)) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      raw.off('end', done);
      raw.off('close', done);
      resolve();
    };
    raw.on('end', done);
    // A client that goes away ends the wait too; nothing is answered to it then anyway.
    raw.on('close', done);
  });
}
