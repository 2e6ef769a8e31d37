import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { checkedContentType, contentTypeOf } from './content-types.ts';
import { limitedBody } from './limited-body.ts';
import { extensionOfKey, isObjectKey, newObjectKey, ownerPrefix } from './object-keys.ts';
import {
  type ObjectStore,
  ObjectStoreUnavailableError,
  ObjectTooLargeError,
  RangeNotSatisfiableError,
  type StoredObject,
} from './object-store.ts';
import type { S3StorageConfig } from './storage-config.ts';

/** The bucket and its keys as configured (storage-config.ts), and the client's limits. */
export interface S3ObjectStoreOptions extends Omit<S3StorageConfig, 'backend'> {
  /** How long connecting may take, and the longest silence of an open request. */
  connectTimeoutMs?: number;
  requestTimeoutMs?: number;
  /** Attempts per request, the first included (the SDK retries with back-off in between). */
  maxAttempts?: number;
  /** Keys per listing page (S3's maximum is 1000; tests use a small one to page). */
  listPageSize?: number;
}

/** 5 MiB parts (S3's minimum), two in flight: a streamed put holds at most ~10 MiB in memory. */
const partSize = 5 * 1024 * 1024;
const queueSize = 2;
/** A prefix beside `users/` and `system/` that no object key has (object-keys.ts): the probe's. */
const probePrefix = 'readiness-probe/';

const statusOf = (error: unknown) =>
  error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;

const nameOf = (error: unknown) =>
  error instanceof Error
    ? 'code' in error && typeof error.code === 'string'
      ? error.code
      : error.name
    : 'unknown error';

const isNotFound = (error: unknown) =>
  statusOf(error) === 404 || nameOf(error) === 'NoSuchKey' || nameOf(error) === 'NotFound';

/**
 * Objects in an S3-compatible bucket through @aws-sdk/client-s3. Puts stream through
 * @aws-sdk/lib-storage's Upload (one PutObject for a small body, a multipart upload of 5 MiB
 * parts otherwise) and abort the multipart upload on any failure, so no parts are left behind.
 * The SDK's newer default checksums (CRC32 trailers on every upload) are asked for only where S3
 * requires them: several S3-compatible services refuse or mishandle the trailers. Deleting many
 * keys is one DeleteObject each, in turn, not DeleteObjects: that call needs a checksum header
 * the same services disagree on, and an owner's files are few.
 */
export function createS3ObjectStore(options: S3ObjectStoreOptions): ObjectStore {
  const { bucket, keyPrefix } = options;
  const client = new S3Client({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    forcePathStyle: options.forcePathStyle,
    credentials: {
      accessKeyId: options.accessKeyId,
      secretAccessKey: options.secretAccessKey,
    },
    maxAttempts: options.maxAttempts ?? 3,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: {
      connectionTimeout: options.connectTimeoutMs ?? 5_000,
      requestTimeout: options.requestTimeoutMs ?? 30_000,
    },
  });
  const host = options.endpoint
    ? new URL(options.endpoint).host
    : `s3.${options.region}.amazonaws.com`;

  /** A clear reason, never a secret: what went wrong with which service, not the request. */
  function unavailable(error: unknown): ObjectStoreUnavailableError {
    const status = statusOf(error);
    const name = nameOf(error);
    const reason =
      name === 'NoSuchBucket'
        ? `has no bucket "${bucket}"`
        : status === 401 || status === 403
          ? `refused the access key (${name}); check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY`
          : status !== undefined
            ? `answered ${status} (${name})`
            : `did not answer (${name})`;
    return new ObjectStoreUnavailableError(`The object store at ${host} ${reason}.`);
  }

  const fullKey = (key: string) => {
    // Keys only ever come from put() through a table; refuse anything else all the same.
    if (!isObjectKey(key)) throw new Error('not an object store key');
    return `${keyPrefix}${key}`;
  };

  async function head(key: string): Promise<StoredObject | null> {
    const Key = fullKey(key);
    try {
      const answer = await client.send(new HeadObjectCommand({ Bucket: bucket, Key }));
      return {
        key,
        size: answer.ContentLength ?? 0,
        contentType: answer.ContentType ?? contentTypeOf(extensionOfKey(key)) ?? '',
        writtenAt: answer.LastModified ?? new Date(0),
      };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw unavailable(error);
    }
  }

  async function* listPrefix(prefix: string): AsyncGenerator<StoredObject> {
    let continuationToken: string | undefined;
    do {
      let page;
      try {
        page = await client.send(
          new ListObjectsV2Command({
            Bucket: bucket,
            Prefix: `${keyPrefix}${prefix}`,
            MaxKeys: options.listPageSize ?? 1000,
            ...(continuationToken ? { ContinuationToken: continuationToken } : {}),
          }),
        );
      } catch (error) {
        throw unavailable(error);
      }
      for (const entry of page.Contents ?? []) {
        const key = entry.Key?.slice(keyPrefix.length) ?? '';
        if (!entry.Key?.startsWith(keyPrefix) || !isObjectKey(key)) continue;
        yield {
          key,
          size: entry.Size ?? 0,
          // Listings carry no type; the extension decides it, as on disk (content-types.ts).
          contentType: contentTypeOf(extensionOfKey(key)) ?? 'application/octet-stream',
          writtenAt: entry.LastModified ?? new Date(0),
        };
      }
      continuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (continuationToken);
  }

  const store: ObjectStore = {
    backend: 's3',

    async put({ owner, purpose, extension, contentType, body, maxBytes }) {
      const key = newObjectKey(owner, purpose, extension);
      const type = checkedContentType(extension, contentType);
      const limited = limitedBody(body, maxBytes);
      const upload = new Upload({
        client,
        params: { Bucket: bucket, Key: fullKey(key), Body: limited.stream, ContentType: type },
        partSize,
        queueSize,
        leavePartsOnError: false,
      });
      try {
        await upload.done();
      } catch (error) {
        limited.discard();
        // Upload aborted its multipart upload before rethrowing (if it could reach the store).
        if (limited.exceeded() || error instanceof ObjectTooLargeError) {
          throw new ObjectTooLargeError(maxBytes);
        }
        if (error instanceof ObjectStoreUnavailableError) throw error;
        throw unavailable(error);
      }
      const stored = await head(key);
      if (!stored) throw unavailable(new Error('the object was not there after its put'));
      return stored;
    },

    async get(key, range) {
      const Key = fullKey(key);
      const wanted = range ? `bytes=${range.start}-${range.end ?? ''}` : undefined;
      try {
        const answer = await client.send(
          new GetObjectCommand({
            Bucket: bucket,
            Key,
            ...(wanted ? { Range: wanted } : {}),
          }),
        );
        const length = answer.ContentLength ?? 0;
        const contentRange = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(answer.ContentRange ?? '');
        const size = contentRange ? Number(contentRange[3]) : length;
        return {
          key,
          size,
          contentType: answer.ContentType ?? contentTypeOf(extensionOfKey(key)) ?? '',
          writtenAt: answer.LastModified ?? new Date(0),
          body: answer.Body as Readable,
          range:
            range && contentRange
              ? { start: Number(contentRange[1]), end: Number(contentRange[2]) }
              : range
                ? { start: 0, end: Math.max(size - 1, 0) }
                : null,
        };
      } catch (error) {
        if (isNotFound(error)) return null;
        if (statusOf(error) === 416 || nameOf(error) === 'InvalidRange') {
          const object = await head(key);
          if (!object) return null;
          throw new RangeNotSatisfiableError(object.size);
        }
        throw unavailable(error);
      }
    },

    head,

    async delete(key) {
      const Key = fullKey(key);
      try {
        await client.send(new DeleteObjectCommand({ Bucket: bucket, Key }));
      } catch (error) {
        if (!isNotFound(error)) throw unavailable(error);
      }
    },

    list(owner) {
      if (owner === undefined) {
        return (async function* () {
          yield* listPrefix('users/');
          yield* listPrefix('system/');
        })();
      }
      return listPrefix(ownerPrefix(owner));
    },

    async deleteOwner(owner) {
      // Listed first, then deleted: deleting while paging could skip keys on some services.
      const keys: string[] = [];
      for await (const object of listPrefix(ownerPrefix(owner))) keys.push(object.key);
      for (const key of keys) await store.delete(key);
      return keys.length;
    },

    async ping() {
      // A listing, not HeadBucket: it needs the permission the sweep needs anyway, and every
      // S3-compatible service checks its signature (not all do for HeadBucket). Of a prefix no
      // key ever has, so the answer is always one empty, complete page: a listing cut at
      // MaxKeys 1 made the service mint a continuation token on every probe once the bucket
      // held two objects, and plain s3rver on Node 17+ answers that with a 500 (its single-DES
      // tokens), which failed readiness for a healthy store.
      try {
        await client.send(
          new ListObjectsV2Command({
            Bucket: bucket,
            Prefix: `${keyPrefix}${probePrefix}`,
            MaxKeys: 1,
          }),
        );
      } catch (error) {
        throw unavailable(error);
      }
    },

    async close() {
      client.destroy();
    },
  };
  return store;
}
