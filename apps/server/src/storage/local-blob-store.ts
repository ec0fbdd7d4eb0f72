import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  assertValidKey,
  assertValidPrefix,
  type BlobInfo,
  type BlobLocation,
  type BlobStore,
  type PartialWrite,
} from './blob-store';

const WRITE_BUFFER = 1024 * 1024;

/**
 * Blobs as files under one folder. Writes go to `.partial/` first and are renamed into place,
 * so a reader never sees half a file and a crash leaves only `.partial/` to sweep.
 */
export class LocalBlobStore implements BlobStore {
  private readonly partialDir: string;

  constructor(private readonly root: string) {
    this.partialDir = path.join(root, '.partial');
  }

  /**
   * Removes writes that a crash interrupted. A write in progress touches its file constantly,
   * so one untouched for an hour is dead, even with other processes sharing the folder.
   */
  async sweepPartialWrites(idleMs = 60 * 60 * 1000): Promise<number> {
    const names = await readdir(this.partialDir).catch(() => [] as string[]);
    let removed = 0;
    for (const name of names) {
      const file = path.join(this.partialDir, name);
      const info = await stat(file).catch(() => null);
      if (info && Date.now() - info.mtimeMs > idleMs) {
        await rm(file, { force: true });
        removed += 1;
      }
    }
    return removed;
  }

  async listPartialWrites(): Promise<PartialWrite[]> {
    const names = await readdir(this.partialDir).catch(() => [] as string[]);
    const writes: PartialWrite[] = [];
    for (const name of names) {
      const info = await stat(path.join(this.partialDir, name)).catch(() => null);
      if (info) writes.push({ name: `.partial/${name}`, modifiedAt: info.mtime });
    }
    return writes;
  }

  private pathOf(key: string): string {
    assertValidKey(key);
    return path.join(this.root, key);
  }

  async write(key: string, body: Readable): Promise<{ bytes: number }> {
    const target = this.pathOf(key);
    await mkdir(this.partialDir, { recursive: true });
    const partial = path.join(this.partialDir, randomUUID());
    let bytes = 0;
    body.on('data', (chunk: Buffer) => (bytes += chunk.length));
    try {
      // Room for a few network chunks while one write is on disk: they go down together (writev)
      // and the upload keeps arriving meanwhile, rather than waiting on every 64 KiB write.
      await pipeline(
        body,
        createWriteStream(partial, { flags: 'wx', highWaterMark: WRITE_BUFFER }),
      );
      await mkdir(path.dirname(target), { recursive: true });
      await rename(partial, target);
      return { bytes };
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
  }

  async read(key: string, range?: { start: number; end: number }): Promise<Readable> {
    const file = this.pathOf(key);
    await stat(file); // fail now with ENOENT rather than later inside the stream
    return createReadStream(file, range);
  }

  async stat(key: string): Promise<BlobInfo | null> {
    try {
      const info = await stat(this.pathOf(key));
      return info.isFile() ? { bytes: info.size, modifiedAt: info.mtime } : null;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async move(fromKey: string, toKey: string): Promise<void> {
    const target = this.pathOf(toKey);
    await mkdir(path.dirname(target), { recursive: true });
    await rename(this.pathOf(fromKey), target);
  }

  /** Takes a finished file from elsewhere on this disk as the blob at `key`, by renaming it. */
  async adopt(key: string, file: string): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    await rename(file, target);
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async deletePrefix(prefix: string): Promise<void> {
    assertValidPrefix(prefix);
    await rm(path.join(this.root, prefix), { recursive: true, force: true });
  }

  async list(prefix: string): Promise<string[]> {
    assertValidPrefix(prefix);
    const folder = path.join(this.root, prefix);
    const entries = await readdir(folder, { recursive: true, withFileTypes: true }).catch(
      (error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return [];
        throw error;
      },
    );
    return entries
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(this.root, path.join(entry.parentPath, entry.name)))
      .sort();
  }

  async locate(key: string): Promise<BlobLocation> {
    return { kind: 'file', path: this.pathOf(key) };
  }

  async withLocalCopy<T>(key: string, work: (path: string) => Promise<T>): Promise<T> {
    return work(this.pathOf(key));
  }
}
