import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Settings } from '../src/config';
import { addMultipartCalls } from './s3rver-multipart';

/**
 * A real S3 protocol server on loopback (s3rver), with one empty bucket, and the multipart calls
 * s3rver lacks (s3rver-multipart.ts) unless `bare`.
 */
export async function startS3Server(bucket = 'filmroom-test', options: { bare?: boolean } = {}) {
  const directory = await mkdtemp(path.join(tmpdir(), 'filmroom-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket }],
  });
  if (!options.bare) addMultipartCalls(server);
  const { port } = await server.run();
  const settings: S3Settings = {
    bucket,
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    // s3rver's fixed development credentials.
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  };
  return {
    settings,
    stop: async () => {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
