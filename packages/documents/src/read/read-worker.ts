/**
 * The reading thread: readDocumentInWorker (read-in-worker.ts) starts it with resource limits and
 * posts one file at a time, { id, bytes, options }; it answers { id, type: 'done', result } or
 * { id, type: 'error', code, message }. Why a thread: parsing is synchronous work on files from
 * strangers, which must neither stall the API's event loop nor take its memory down with it.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { DocumentError } from '../safety/document-error.ts';
import { readDocument } from './read-document.ts';
import type { ReadOptions, ReadResult } from './read-result.ts';

/** What the caller passes as workerData, so the module does nothing when imported elsewhere. */
export const readWorkerRole = 'studio-documents-read';

export interface ReadRequest {
  id: number;
  bytes: Uint8Array;
  options: ReadOptions;
}

export type ReadReply =
  | { id: number; type: 'done'; result: ReadResult }
  | { id: number; type: 'error'; code: string; message: string };

const port = parentPort;
if (port && workerData === readWorkerRole) {
  port.on('message', (request: ReadRequest) => {
    void readDocument(request.bytes, request.options).then(
      (result) => port.postMessage({ id: request.id, type: 'done', result } satisfies ReadReply),
      (error: unknown) =>
        port.postMessage({
          id: request.id,
          type: 'error',
          code: error instanceof DocumentError ? error.code : 'malformed',
          message:
            error instanceof DocumentError
              ? error.message
              : `The file could not be read: ${error instanceof Error ? error.message : String(error)}`,
        } satisfies ReadReply),
    );
  });
}
