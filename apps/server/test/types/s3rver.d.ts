// s3rver ships no types; this is the part of its API the tests use.
declare module 's3rver' {
  import type { AddressInfo } from 'node:net';
  import type { Readable } from 'node:stream';
  export default class S3rver {
    constructor(options: {
      address?: string;
      port?: number;
      directory: string;
      silent?: boolean;
      resetOnClose?: boolean;
      configureBuckets?: { name: string; configs?: string[] }[];
    });
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
    /** Koa's middleware list: the last one is s3rver's router. */
    middleware: unknown[];
    store: {
      getBucket(bucket: string): Promise<unknown>;
      getResourcePath(bucket: string, key: string | undefined, resource: string): string;
      getObject(
        bucket: string,
        key: string,
        range?: { start: number; end: number },
      ): Promise<{ content: Readable | null; metadata: Record<string, string> } | null>;
      putPart(
        bucket: string,
        uploadId: string,
        partNumber: number,
        content: Readable,
      ): Promise<{ md5: string; size: number }>;
    };
  }
}

declare module 's3rver/lib/middleware/authentication' {
  /** s3rver's check of a request's signature (Koa middleware). */
  export default function authentication(): (
    context: object,
    next: () => Promise<void>,
  ) => Promise<void>;
}

declare module 's3rver/lib/models/error' {
  /** An error s3rver answers as S3's XML error, with the code's HTTP status. */
  export default class S3Error extends Error {
    constructor(code: string, message?: string, detail?: Record<string, string | number>);
  }
}
