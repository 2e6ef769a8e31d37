import type { Readable } from 'node:stream';

/**
 * The one storage module's interface. Every file the product keeps (chat uploads, and every
 * generated image, audio clip and document later) goes through it. Keys are made by the store,
 * never taken from a request, and start with the owner's prefix, so listing or deleting one
 * owner's files is one prefix (security.md §1.7 5.3.2). Backends: local disk (the default) and
 * S3-compatible object storage; the same contract suite runs against both.
 */

export interface StoredObject {
  key: string;
  size: number;
  contentType: string;
  writtenAt: Date;
}

export interface ObjectRange {
  start: number;
  /** Inclusive; omitted means to the end. */
  end?: number;
}

export interface ObjectBody extends StoredObject {
  body: Readable;
  /** The bytes sent when a range was asked for (inclusive), else null. */
  range: { start: number; end: number } | null;
}

export interface PutInput {
  /** `user:<id>` or `system`: the first part of the key. */
  owner: string;
  /** What the file is for (`uploads`, `exports`, `images`): the second part of the key. */
  purpose: string;
  /** Lower-case letters and digits only (`png`, `md`, `json`): one of storage/content-types.ts. */
  extension: string;
  /** Must name the extension's media type (content-types.ts); the table's full type is kept. */
  contentType: string;
  body: Readable | Buffer;
  /** The put fails with ObjectTooLargeError as soon as more bytes than this arrive. */
  maxBytes: number;
}

/** More bytes than allowed arrived; nothing was kept. */
export class ObjectTooLargeError extends Error {
  constructor(readonly limitBytes: number) {
    super(`The file is larger than ${limitBytes} bytes.`);
    this.name = 'ObjectTooLargeError';
  }
}

/** The object store did not answer (or refused); nothing half-written is left. */
export class ObjectStoreUnavailableError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'ObjectStoreUnavailableError';
  }
}

/** The requested range lies outside the object (answer 416). */
export class RangeNotSatisfiableError extends Error {
  constructor(readonly size: number) {
    super('Range not satisfiable');
    this.name = 'RangeNotSatisfiableError';
  }
}

export interface ObjectStore {
  readonly backend: 'disk' | 's3';
  put(input: PutInput): Promise<StoredObject>;
  /** The object (streamed), or null when there is none under that key. */
  get(key: string, range?: ObjectRange): Promise<ObjectBody | null>;
  head(key: string): Promise<StoredObject | null>;
  /** A missing key is not an error. */
  delete(key: string): Promise<void>;
  /** Every object of one owner, or of all owners when omitted. */
  list(owner?: string): AsyncIterable<StoredObject>;
  /** Deletes every object of one owner (account deletion); returns how many. */
  deleteOwner(owner: string): Promise<number>;
  /** Throws when the store cannot be reached (readiness). */
  ping(): Promise<void>;
  /** Releases the client (connections); the plugin calls it when the app closes. */
  close(): Promise<void>;
}
