import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import { multipartBody } from '../../test/uploads';
import { MP4_HEADER } from '../../test/videos';
import { LocalBlobStore } from '../storage/local-blob-store';
import { HttpError } from './http-errors';
import {
  commitStagedFile,
  receiveStagedUpload,
  type StagedFile,
  type StagedUpload,
} from './staged-upload';

let database: TestDatabase;
let folder: string;
let blobs: LocalBlobStore;
let server: FastifyInstance;
/** What the route's commit step does with the upload; each test sets it. */
let commit: (upload: StagedUpload) => Promise<unknown>;

beforeAll(async () => {
  database = await createTestDatabase();
  await database.pool.query('CREATE TABLE staged_rows (key text PRIMARY KEY)');
  folder = await mkdtemp(path.join(tmpdir(), 'filmroom-staged-'));
  blobs = new LocalBlobStore(folder);
  server = Fastify();
  await server.register(multipart);
  server.setErrorHandler((error: Error, _request, reply) =>
    reply
      .code(error instanceof HttpError ? error.statusCode : 500)
      .send({ message: error.message }),
  );
  server.post('/upload', async (request) =>
    receiveStagedUpload(
      request,
      blobs,
      'incoming/one',
      {
        field: 'video',
        maxBytes: 1024 * 1024,
        accepts: (mime) => mime === 'video/mp4',
        refusal: () => 'not a video',
        tooLarge: 'too large',
        notMultipart: 'not multipart',
      },
      (upload) => commit(upload),
    ),
  );
});

afterAll(async () => {
  await server?.close();
  await database?.drop();
  if (folder) await rm(folder, { recursive: true, force: true });
});

const upload = (data: Buffer) => {
  const { body, contentType } = multipartBody(
    { title: 'Match' },
    { filename: 'clip.mp4', contentType: 'video/mp4', data },
  );
  return server.inject({
    method: 'POST',
    url: '/upload',
    headers: { 'content-type': contentType },
    payload: body,
  });
};

const rows = async () =>
  (await database.pool.query<{ key: string }>('SELECT key FROM staged_rows')).rows.map(
    (row) => row.key,
  );

describe('receiveStagedUpload', () => {
  it('hands the fields and the staged, sniffed file to the commit step', async () => {
    let seen: StagedUpload | undefined;
    commit = async (received) => {
      seen = received;
      expect(await blobs.stat('incoming/one')).toEqual(
        expect.objectContaining({ bytes: MP4_HEADER.length }),
      );
      await blobs.delete('incoming/one');
      return { ok: true };
    };
    const response = await upload(MP4_HEADER);
    expect(response.statusCode).toBe(200);
    expect(seen).toEqual({
      fields: { title: 'Match' },
      file: { stagingKey: 'incoming/one', contentType: 'video/mp4', bytes: MP4_HEADER.length },
    });
  });

  it('stores a file larger than the bytes it was judged by, whole', async () => {
    const video = Buffer.concat([MP4_HEADER, randomBytes(300 * 1024)]);
    let stored: Buffer | undefined;
    commit = async ({ file }) => {
      const key = (file as StagedFile).stagingKey;
      expect((file as StagedFile).bytes).toBe(video.length);
      stored = await blobs.withLocalCopy(key, (local) => readFile(local));
      await blobs.delete(key);
    };
    expect((await upload(video)).statusCode).toBe(200);
    expect(stored?.equals(video)).toBe(true);
  });

  it('leaves nothing staged when the commit step refuses the upload', async () => {
    commit = async () => {
      throw new HttpError(400, 'the title is taken');
    };
    const response = await upload(MP4_HEADER);
    expect(response.statusCode).toBe(400);
    expect(await blobs.stat('incoming/one')).toBeNull();
  });

  it('never calls the commit step for a file of the wrong type or over the limit', async () => {
    let called = false;
    commit = async () => (called = true);
    expect((await upload(Buffer.from('%PDF-1.7\n'.repeat(10)))).statusCode).toBe(415);
    expect((await upload(Buffer.concat([MP4_HEADER, Buffer.alloc(1024 * 1024)]))).statusCode).toBe(
      413,
    );
    expect(called).toBe(false);
    expect(await blobs.stat('incoming/one')).toBeNull();
  });
});

describe('commitStagedFile', () => {
  const stage = (key: string) => blobs.write(key, Readable.from([MP4_HEADER]));
  const insert =
    (key: string) =>
    async (transaction: { query: (sql: string, values: unknown[]) => Promise<unknown> }) => {
      await transaction.query('INSERT INTO staged_rows (key) VALUES ($1)', [key]);
      return key;
    };

  it('commits the row and moves the file to its place together', async () => {
    await stage('incoming/a');
    const result = await commitStagedFile(
      database.pool,
      blobs,
      { stagingKey: 'incoming/a', finalKey: 'kept/a' },
      insert('a'),
    );
    expect(result).toBe('a');
    expect(await rows()).toContain('a');
    expect(await blobs.stat('kept/a')).not.toBeNull();
    expect(await blobs.stat('incoming/a')).toBeNull();
  });

  it('keeps neither when the row cannot be written', async () => {
    await stage('incoming/b');
    await expect(
      commitStagedFile(
        database.pool,
        blobs,
        { stagingKey: 'incoming/b', finalKey: 'kept/b' },
        async () => {
          throw new Error('constraint violated');
        },
      ),
    ).rejects.toThrow('constraint violated');
    expect(await blobs.stat('incoming/b')).toBeNull();
    expect(await blobs.stat('kept/b')).toBeNull();
  });

  it('keeps neither when the file cannot be moved', async () => {
    // Nothing was staged at this key: the move fails after the row was written.
    await expect(
      commitStagedFile(
        database.pool,
        blobs,
        { stagingKey: 'incoming/missing', finalKey: 'kept/c' },
        insert('c'),
      ),
    ).rejects.toThrow();
    expect(await rows()).not.toContain('c');
    expect(await blobs.stat('kept/c')).toBeNull();
  });
});
