import { Readable, Transform } from 'node:stream';
import { ObjectTooLargeError } from './object-store.ts';

/**
 * A put's body as a stream that fails with ObjectTooLargeError as soon as more than `maxBytes`
 * have passed, so a backend never receives (nor keeps) more than the limit plus one chunk. A
 * Buffer over the limit fails before anything is sent. `exceeded()` tells a backend whose own
 * cleanup may fail afterwards which error to report; `discard()` releases the source after any
 * failure, so a request body is not left half-read.
 */
export function limitedBody(body: Readable | Buffer, maxBytes: number) {
  let exceeded = false;
  if (Buffer.isBuffer(body)) {
    if (body.length > maxBytes) throw new ObjectTooLargeError(maxBytes);
    const stream = Readable.from([body]);
    return { stream, exceeded: () => false, discard: () => stream.destroy() };
  }
  let total = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      total += chunk.length;
      if (total > maxBytes) {
        exceeded = true;
        callback(new ObjectTooLargeError(maxBytes));
        return;
      }
      callback(null, chunk);
    },
  });
  // The source's own failure (a client that went away) ends the count with it.
  body.on('error', (error) => counter.destroy(error));
  counter.on('error', () => body.destroy());
  body.pipe(counter);
  return {
    stream: counter as Readable,
    exceeded: () => exceeded,
    /** After a failed put: stop reading the source, whatever failed (a full disk, the store). */
    discard: () => {
      counter.destroy();
      body.destroy();
    },
  };
}
