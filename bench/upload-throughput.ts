// Upload throughput of a large file through the API, against a plain streamed disk copy of the
// same file, and the server's peak memory meanwhile. Goal: at least 80 % of the copy, peak RSS
// under 200 MB (the upload must stream, never sit in memory).
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { chmod, mkdtemp, open, readFile, rm, stat } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { buildCompiledServer, startServerProcess } from '../apps/server/test/server-process';
import { memoryMiB } from './process-memory';
import type { Row } from './table';

const SIZE_BYTES = Number(process.env.BENCH_UPLOAD_MB ?? 1536) * 1024 * 1024;
const fixture = path.resolve(
  import.meta.dirname,
  '../../shared/fixtures/video/squats_single_person.mp4',
);

/** A big file that sniffs as MP4: a real clip's header, then noise (preparation will fail; fine). */
export async function makeBigVideoFile(file: string, size = SIZE_BYTES) {
  const handle = await open(file, 'w');
  const head = await readFile(fixture);
  await handle.write(head);
  const block = randomBytes(8 * 1024 * 1024);
  for (let written = head.length; written < size; written += block.length) {
    await handle.write(block.subarray(0, Math.min(block.length, size - written)));
  }
  await handle.close();
}

/** Registers the bench's account; returns its session cookie. */
export async function benchAccountCookie(origin: string) {
  const register = await fetch(`${origin}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ username: 'bench@example.com', password: 'bench password', name: 'B' }),
  });
  return register.headers.get('set-cookie')!.split(';')[0]!;
}

export function uploadThroughApi(origin: string, cookie: string, file: string, bytes: number) {
  const boundary = '----filmroombench';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nBench\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="video"; filename="big.mp4"\r\n` +
      `Content-Type: video/mp4\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise<number>((resolve, reject) => {
    const request = http.request(`${origin}/api/videos`, {
      method: 'POST',
      headers: {
        cookie,
        origin,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': head.length + bytes + tail.length,
      },
    });
    request.on('response', (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    request.on('error', reject);
    request.write(head);
    const body = createReadStream(file);
    body.pipe(request, { end: false });
    body.on('end', () => request.end(tail));
  });
}

export async function benchUploadThroughput(): Promise<Row[]> {
  const folder = await mkdtemp(path.join(tmpdir(), 'filmroom-bench-upload-'));
  // The embedded database runs as the `postgres` user when we are root: let it in.
  await chmod(folder, 0o755);
  try {
    const file = path.join(folder, 'big.mp4');
    await makeBigVideoFile(file);
    const { size } = await stat(file);
    const megabytes = size / 1024 / 1024;

    let started = performance.now();
    await pipeline(createReadStream(file), createWriteStream(path.join(folder, 'copy.mp4')));
    const copySeconds = (performance.now() - started) / 1000;
    await rm(path.join(folder, 'copy.mp4'));

    buildCompiledServer();
    const server = await startServerProcess({
      DATA_DIR: path.join(folder, 'data'),
      MAX_UPLOAD_MB: '4096',
    });
    try {
      const cookie = await benchAccountCookie(server.origin);
      const before = await memoryMiB(server.child.pid!);
      started = performance.now();
      const status = await uploadThroughApi(server.origin, cookie, file, size);
      const uploadSeconds = (performance.now() - started) / 1000;
      const after = await memoryMiB(server.child.pid!);
      if (status !== 201) throw new Error(`upload answered ${status}`);

      const ratio = copySeconds / uploadSeconds;
      return [
        {
          measure: `disk copy, ${megabytes.toFixed(0)} MB (streamed)`,
          value: `${(megabytes / copySeconds).toFixed(0)} MB/s`,
          note: `${copySeconds.toFixed(1)} s`,
        },
        {
          measure: `upload through POST /api/videos`,
          value: `${(megabytes / uploadSeconds).toFixed(0)} MB/s`,
          note: `${uploadSeconds.toFixed(1)} s, loopback, local disk store`,
        },
        {
          measure: 'upload / disk copy',
          value: `${(ratio * 100).toFixed(0)} %`,
          note: 'goal: at least 80 %',
        },
        {
          measure: 'server peak RSS during upload',
          value: `${after.peak.toFixed(0)} MiB`,
          note: `goal: under 200 MB (idle before: ${before.rss.toFixed(0)} MiB)`,
        },
      ];
    } finally {
      await server.stop('SIGTERM');
    }
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
