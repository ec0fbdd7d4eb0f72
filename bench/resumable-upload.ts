// Resumable (tus) upload of a whole game, 2 GB by default, against today's one-request
// multipart upload and a plain disk copy of the same file; then the same upload cut halfway
// and resumed: how many bytes went twice. Each upload streams the file over loopback with
// Node's own HTTP client, as the multipart row does, so the rows compare the server's work.
// The file is made in the temporary folder and removed. Each timed row starts with the writes
// before it on disk: otherwise the kernel makes whichever row comes later write back the
// earlier rows' gigabytes too, and the rows compare their order rather than the server's work.
import { execFileSync } from 'node:child_process';
import { createReadStream, createWriteStream } from 'node:fs';
import { chmod, mkdtemp, rm, stat } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { buildCompiledServer, startServerProcess } from '../apps/server/test/server-process';
import type { Row } from './table';
import { benchAccountCookie, makeBigVideoFile, uploadThroughApi } from './upload-throughput';

const SIZE_BYTES = Number(process.env.BENCH_RESUMABLE_MB ?? 2048) * 1024 * 1024;
const TUS = { 'tus-resumable': '1.0.0' };

/** POST: a new upload of `size` bytes; returns its address. */
async function createUpload(origin: string, cookie: string, size: number) {
  const response = await fetch(`${origin}/api/resumable-uploads`, {
    method: 'POST',
    headers: {
      ...TUS,
      cookie,
      'upload-length': String(size),
      'upload-metadata': `title ${Buffer.from('Bench game').toString('base64')}`,
    },
  });
  if (response.status !== 201) throw new Error(`creation answered ${response.status}`);
  return new URL(response.headers.get('location')!, origin).href;
}

async function serverOffset(url: string, cookie: string) {
  const response = await fetch(url, { method: 'HEAD', headers: { ...TUS, cookie } });
  return Number(response.headers.get('upload-offset'));
}

/**
 * PATCH: the file from `offset` on. With `cutAt`, the connection is dropped once that many
 * bytes have gone out; resolves with how many had.
 */
function patch(url: string, cookie: string, file: string, offset: number, cutAt?: number) {
  return new Promise<{ status: number; sent: number }>((resolve, reject) => {
    let sent = 0;
    const request = http.request(url, {
      method: 'PATCH',
      headers: {
        ...TUS,
        cookie,
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
      },
    });
    const body = createReadStream(file, { start: offset, highWaterMark: 1024 * 1024 });
    body.on('data', (chunk: string | Buffer) => {
      sent += chunk.length;
      if (cutAt !== undefined && offset + sent >= cutAt) {
        body.destroy();
        request.destroy();
        resolve({ status: 0, sent: offset + sent });
      }
    });
    request.on('response', (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode ?? 0, sent }));
    });
    request.on('error', (error) => (cutAt === undefined ? reject(error) : undefined));
    body.pipe(request);
  });
}

export async function benchResumableUpload(): Promise<Row[]> {
  const folder = await mkdtemp(path.join(tmpdir(), 'filmroom-bench-resumable-'));
  // The embedded database runs as the `postgres` user when we are root: let it in.
  await chmod(folder, 0o755);
  try {
    const file = path.join(folder, 'game.mp4');
    await makeBigVideoFile(file, SIZE_BYTES);
    const { size } = await stat(file);
    const megabytes = size / 1024 / 1024;
    const rate = (seconds: number) => `${(megabytes / seconds).toFixed(0)} MB/s`;
    const timed = async (work: () => Promise<unknown>) => {
      execFileSync('sync');
      const started = performance.now();
      await work();
      return (performance.now() - started) / 1000;
    };

    const copy = path.join(folder, 'copy.mp4');
    const copySeconds = await timed(() =>
      pipeline(createReadStream(file), createWriteStream(copy)),
    );
    await rm(copy);

    buildCompiledServer();
    const server = await startServerProcess({
      DATA_DIR: path.join(folder, 'data'),
      MAX_UPLOAD_MB: String(SIZE_BYTES / 1024 / 1024 + 1),
      // Only work no upload here leads to: each upload's preparation (ffmpeg on gigabytes) would
      // run on the same two cores during the next row.
      WORK_QUEUES: 'vision.scan',
    });
    try {
      const cookie = await benchAccountCookie(server.origin);

      const multipart = () =>
        timed(async () => {
          const status = await uploadThroughApi(server.origin, cookie, file, size);
          if (status !== 201) throw new Error(`multipart upload answered ${status}`);
        });
      const resumable = async () => {
        const whole = await createUpload(server.origin, cookie, size);
        return timed(async () => {
          const { status } = await patch(whole, cookie, file, 0);
          if (status !== 204) throw new Error(`tus upload answered ${status}`);
        });
      };
      // Twice each, in the order multipart, tus, tus, multipart: on this disk whichever upload
      // comes later is slower (tus first measured 136 MB/s against multipart's 84), and the
      // means of the two cancel that.
      const multipartFirst = await multipart();
      const tusFirst = await resumable();
      const tusSeconds = (tusFirst + (await resumable())) / 2;
      const multipartSeconds = (multipartFirst + (await multipart())) / 2;

      // Cut halfway (the connection drops), then resumed from the offset the server reports.
      const cutUpload = await createUpload(server.origin, cookie, size);
      const cut = await patch(cutUpload, cookie, file, 0, size / 2);
      const stored = await serverOffset(cutUpload, cookie);
      const resumed = await patch(cutUpload, cookie, file, stored);
      if (resumed.status !== 204) throw new Error(`resumed upload answered ${resumed.status}`);
      const resentBytes = Math.max(0, cut.sent - stored);

      return [
        {
          measure: `disk copy, ${megabytes.toFixed(0)} MB (streamed)`,
          value: rate(copySeconds),
          note: `${copySeconds.toFixed(1)} s`,
        },
        {
          measure: 'multipart upload, POST /api/videos',
          value: rate(multipartSeconds),
          note: `${multipartSeconds.toFixed(1)} s (mean of 2), ${((copySeconds / multipartSeconds) * 100).toFixed(0)} % of the copy`,
        },
        {
          measure: 'resumable upload (tus), one PATCH',
          value: rate(tusSeconds),
          note: `${tusSeconds.toFixed(1)} s (mean of 2), ${((multipartSeconds / tusSeconds) * 100).toFixed(0)} % of the multipart speed, loopback, local disk store`,
        },
        {
          measure: 'resumed after a cut at half: bytes sent twice',
          value: `${(resentBytes / 1024 / 1024).toFixed(1)} MB`,
          note: `${((resentBytes / size) * 100).toFixed(2)} % of the file; the server had kept ${(stored / 1024 / 1024).toFixed(0)} MB`,
        },
      ];
    } finally {
      await server.stop('SIGTERM');
    }
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
