import {
  AbortMultipartUploadCommand,
  CreateMultipartUploadCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server } from '../../test/s3-server';
import type { BlobStore } from './blob-store';
import { LocalBlobStore } from './local-blob-store';
import { s3ClientConfig, S3BlobStore } from './s3-blob-store';

type Subject = { store: BlobStore; stop: () => Promise<void> };

const subjects: Record<string, () => Promise<Subject>> = {
  'local disk': async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'filmroom-blobs-'));
    return {
      store: new LocalBlobStore(root),
      stop: () => rm(root, { recursive: true, force: true }),
    };
  },
  's3 (s3rver)': async () => {
    const server = await startS3Server();
    return { store: new S3BlobStore(server.settings), stop: server.stop };
  },
};

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe.each(Object.keys(subjects))('BlobStore contract: %s', (name) => {
  let subject: Subject;
  beforeAll(async () => {
    subject = await subjects[name]!();
  });
  afterAll(() => subject.stop());

  it('streams a multi-part blob in and reads back the same bytes, whole and by range', async () => {
    // Larger than one S3 part, so multipart upload is exercised.
    const data = randomBytes(9 * 1024 * 1024 + 123);
    const { bytes } = await subject.store.write('videos/a/original', Readable.from([data]), {
      contentType: 'video/mp4',
    });
    expect(bytes).toBe(data.length);
    expect(sha256(await readAll(await subject.store.read('videos/a/original')))).toBe(sha256(data));

    const slice = await readAll(
      await subject.store.read('videos/a/original', { start: 100, end: 199 }),
    );
    expect(slice.equals(data.subarray(100, 200))).toBe(true);

    const info = await subject.store.stat('videos/a/original');
    expect(info?.bytes).toBe(data.length);
    expect(info?.modifiedAt).toBeInstanceOf(Date);
  });

  it('answers null for a missing blob and ignores deleting one', async () => {
    expect(await subject.store.stat('videos/none/original')).toBeNull();
    await expect(subject.store.delete('videos/none/original')).resolves.toBeUndefined();
  });

  it('moves, lists and deletes by prefix', async () => {
    await subject.store.write('tmp/upload-1', Readable.from(['hello']));
    await subject.store.move('tmp/upload-1', 'videos/b/original');
    expect(await subject.store.stat('tmp/upload-1')).toBeNull();
    expect(await text(await subject.store.read('videos/b/original'))).toBe('hello');

    await subject.store.write('videos/b/poster.jpg', Readable.from(['p']));
    await subject.store.write('videos/bb/original', Readable.from(['other video']));
    expect(await subject.store.list('videos/b/')).toEqual([
      'videos/b/original',
      'videos/b/poster.jpg',
    ]);

    await subject.store.deletePrefix('videos/b/');
    expect(await subject.store.list('videos/b/')).toEqual([]);
    expect(await subject.store.stat('videos/bb/original')).not.toBeNull();
  });

  it('leaves no blob behind when the source stream fails half-way', async () => {
    const failing = new Readable({
      read() {
        this.push(randomBytes(64 * 1024));
        this.destroy(new Error('client went away'));
      },
    });
    await expect(subject.store.write('videos/c/original', failing)).rejects.toThrow();
    expect(await subject.store.stat('videos/c/original')).toBeNull();
    expect(await subject.store.list('videos/c/')).toEqual([]);
  });

  it('gives a local file for tools and a location for browsers', async () => {
    await subject.store.write('videos/d/original', Readable.from(['frames']));
    const contents = await subject.store.withLocalCopy('videos/d/original', (file) =>
      readFile(file, 'utf8'),
    );
    expect(contents).toBe('frames');
    const location = await subject.store.locate('videos/d/original', { expiresInSeconds: 60 });
    if (location.kind === 'url') {
      const response = await fetch(location.url);
      expect(await response.text()).toBe('frames');
    } else {
      expect(await readFile(location.path, 'utf8')).toBe('frames');
    }
  });

  it.each(['../escape', '/absolute', 'a/../../b', 'a//b', 'spaces here', ''])(
    'refuses the unsafe key %j',
    async (key) => {
      await expect(subject.store.write(key, Readable.from(['x']))).rejects.toThrow(
        /Invalid blob key/,
      );
    },
  );
});

describe('a move on S3 above the largest single copy', () => {
  // S3 copies at most 5 GiB in one request; here the limit is 512 KiB, with 256 KiB parts.
  const limits = { singleCopyMaxBytes: 512 * 1024, partBytes: 256 * 1024 };
  const data = randomBytes(3 * 256 * 1024 + 123);

  it('copies the object in ranges and keeps every byte', async () => {
    const server = await startS3Server();
    try {
      const store = new S3BlobStore(server.settings, undefined, limits);
      await store.write('incoming/big', Readable.from([data]), { contentType: 'video/mp4' });
      await store.move('incoming/big', 'videos/big/original');
      expect(await store.stat('incoming/big')).toBeNull();
      expect(sha256(await readAll(await store.read('videos/big/original')))).toBe(sha256(data));
      expect(await store.listPartialWrites()).toEqual([]);
    } finally {
      await server.stop();
    }
  });

  it('leaves the source in place and no parts behind when the copy fails', async () => {
    // Bare s3rver has no UploadPartCopy: what a copy in parts needs, and nothing else does.
    const server = await startS3Server('filmroom-test', { bare: true });
    try {
      const store = new S3BlobStore(server.settings, undefined, limits);
      await store.write('incoming/big', Readable.from([data]));
      await expect(store.move('incoming/big', 'videos/big/original')).rejects.toThrow(
        /not implemented/,
      );
      expect(await store.stat('videos/big/original')).toBeNull();
      expect(sha256(await readAll(await store.read('incoming/big')))).toBe(sha256(data));

      // At or under the limit it is one CopyObject, which s3rver has.
      const within = new S3BlobStore(server.settings, undefined, {
        ...limits,
        singleCopyMaxBytes: data.length,
      });
      await within.move('incoming/big', 'videos/big/original');
      expect(sha256(await readAll(await store.read('videos/big/original')))).toBe(sha256(data));
    } finally {
      await server.stop();
    }
  });
});

describe('writes a crash may have left unfinished', () => {
  it('are listed from local disk while they are being written', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'filmroom-blobs-'));
    try {
      const store = new LocalBlobStore(root);
      expect(await store.listPartialWrites()).toEqual([]);
      const body = new Readable({ read() {} });
      body.push(Buffer.from('half'));
      const writing = store.write('videos/x/media.mp4', body);
      await new Promise((resolve) => setTimeout(resolve, 50));
      const partial = await store.listPartialWrites();
      expect(partial).toHaveLength(1);
      expect((partial as { name: string }[])[0]!.name).toMatch(/^\.partial\//);
      body.push(null);
      await writing;
      expect(await store.listPartialWrites()).toEqual([]);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });

  it('are listed from S3 while a multipart upload is begun and not completed', async () => {
    const server = await startS3Server();
    try {
      const store = new S3BlobStore(server.settings);
      expect(await store.listPartialWrites()).toEqual([]);
      const client = new S3Client(s3ClientConfig(server.settings));
      const { UploadId } = await client.send(
        new CreateMultipartUploadCommand({
          Bucket: server.settings.bucket,
          Key: 'videos/x/original',
        }),
      );
      const partial = await store.listPartialWrites();
      expect(partial).toEqual([
        { name: 'videos/x/original (multipart upload)', modifiedAt: expect.any(Date) as Date },
      ]);
      await client.send(
        new AbortMultipartUploadCommand({
          Bucket: server.settings.bucket,
          Key: 'videos/x/original',
          UploadId,
        }),
      );
      expect(await store.listPartialWrites()).toEqual([]);
    } finally {
      await server.stop();
    }
  });

  it('are said to be unlisted by an S3 server that cannot list multipart uploads', async () => {
    const server = await startS3Server('filmroom-test', { bare: true });
    try {
      expect(await new S3BlobStore(server.settings).listPartialWrites()).toBe('unlisted');
    } finally {
      await server.stop();
    }
  });
});
