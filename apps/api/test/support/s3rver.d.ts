/** The little of s3rver (no types of its own) that test/support/s3-server.ts uses. */
declare module 's3rver' {
  import type { Server } from 'node:http';

  interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    directory?: string;
    resetOnClose?: boolean;
    allowMismatchedSignatures?: boolean;
    vhostBuckets?: boolean;
    configureBuckets?: { name: string; configs?: (string | Buffer)[] }[];
  }

  /** A Koa application: `middleware` is composed when the server starts listening. */
  interface KoaContext {
    method: string;
    path: string;
    query: Record<string, string | string[] | undefined>;
    status: number;
    body: unknown;
  }

  export default class S3rver {
    constructor(options?: S3rverOptions);
    middleware: ((ctx: KoaContext, next: () => Promise<void>) => Promise<void> | void)[];
    httpServer?: Server;
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}

/** s3rver's account registry: the access keys its signature check accepts. */
declare module 's3rver/lib/models/account.js' {
  interface AWSAccount {
    createKeyPair(accessKeyId: string, secretAccessKey: string): void;
    revokeAccessKey(accessKeyId: string): void;
  }
  const account: { DUMMY_ACCOUNT: AWSAccount };
  export default account;
}
