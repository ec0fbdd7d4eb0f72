import type { Readable } from 'node:stream';

export type BlobInfo = { bytes: number; modifiedAt: Date };

/** A write that has not finished (or never will: its process died). */
export type PartialWrite = { name: string; modifiedAt: Date };

/** How a stored blob reaches a browser: a file this process streams, or a signed address. */
export type BlobLocation = { kind: 'file'; path: string } | { kind: 'url'; url: string };

/**
 * Where FilmRoom keeps files (uploads, prepared video, posters). Local disk by default,
 * S3-compatible storage at scale; both pass the same contract tests.
 * Keys are relative paths made of letters, digits, `-`, `_`, `.` and `/`.
 */
export interface BlobStore {
  /** Streams `body` into the blob at `key`; the blob appears whole or not at all. */
  write(
    key: string,
    body: Readable,
    options?: { contentType?: string },
  ): Promise<{ bytes: number }>;
  read(key: string, range?: { start: number; end: number }): Promise<Readable>;
  /** Size and modification time, or null when there is no such blob. */
  stat(key: string): Promise<BlobInfo | null>;
  /** Renames a blob: how an upload's temporary file becomes the video's. */
  move(fromKey: string, toKey: string): Promise<void>;
  /** Removes a blob; removing one that does not exist is not an error. */
  delete(key: string): Promise<void>;
  /** Removes every blob whose key starts with `prefix` (which must end in `/`). */
  deletePrefix(prefix: string): Promise<void>;
  list(prefix: string): Promise<string[]>;
  /**
   * Writes not yet in place; old ones are what crashes left behind. `unlisted`: the store
   * cannot tell (some S3-compatible servers cannot list unfinished multipart uploads).
   */
  listPartialWrites(): Promise<PartialWrite[] | 'unlisted'>;
  /**
   * Where to send a browser for this blob. `downloadName`: a signed address answers with it as
   * an attachment (a file streamed from here is described by whoever streams it).
   */
  locate(
    key: string,
    options: { expiresInSeconds: number; downloadName?: string },
  ): Promise<BlobLocation>;
  /** Runs `work` with a path on local disk holding the blob (for ffmpeg and friends). */
  withLocalCopy<T>(key: string, work: (path: string) => Promise<T>): Promise<T>;
}

/** The Content-Disposition of a file saved under `name` rather than shown. */
export const attachment = (name: string) => `attachment; filename="${name}"`;

const KEY_PATTERN = /^[A-Za-z0-9_-][A-Za-z0-9_.-]*(\/[A-Za-z0-9_-][A-Za-z0-9_.-]*)*$/;

/** Refuses keys that could escape the store (`..`, absolute paths, odd characters). */
export function assertValidKey(key: string): void {
  if (!KEY_PATTERN.test(key) || key.split('/').some((part) => part === '..' || part === '.')) {
    throw new Error(`Invalid blob key: ${JSON.stringify(key)}`);
  }
}

export function assertValidPrefix(prefix: string): void {
  if (!prefix.endsWith('/')) throw new Error(`A blob prefix must end in "/": ${prefix}`);
  assertValidKey(prefix.slice(0, -1));
}
