// Resumable (tus) upload of a whole game, 2 GB by default, against today's one-request
// multipart upload and a plain disk copy of the same file; then the same upload cut halfway
// and resumed: how many bytes went twice. The file is made in the temporary folder and removed.
import { createReadStream, createWriteStream } from 'node:fs';
import { chmod, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Upload } from 'tus-js-client';
import { startServerProcess } from '../apps/server/test/server-process';
import { buildCompiledServer } from './compiled-server';
import type { Row } from './table';
import { makeBigVideoFile, uploadThroughApi } from './upload-throughput';

const SIZE_BYTES = Number(process.env.BENCH_RESUMABLE_MB ?? 2048) * 1024 * 1024;

type TusRun = { videoId: string; firstProgress: number };

/** One tus upload of the file, as tus-js-client sends it; `cutAt` aborts it at that many bytes. */
function tusUpload(
  origin: string,
  cookie: string,
  file: string,
  options: { uploadUrl?: string; cutAt?: number } = {},
) {
  return new Promise<TusRun | { cutAfter: number; url: string }>((resolve, reject) => {
    let firstProgress = -1;
    const upload: Upload = new Upload(createReadStream(file), {
      endpoint: `${origin}/api/resumable-uploads`,
      uploadUrl: options.uploadUrl,
      headers: { cookie },
      metadata: { title: 'Bench game', filetype: 'video/mp4' },
      retryDelays: null,
      onProgress: (sent) => {
        if (firstProgress < 0) firstProgress = sent;
        if (options.cutAt !== undefined && sent >= options.cutAt) {
          void upload.abort().then(() => resolve({ cutAfter: sent, url: upload.url! }));
        }
      },
      onSuccess: ({ lastResponse }) =>
        resolve({ videoId: lastResponse.getHeader('FilmRoom-Video-Id')!, firstProgress }),
      onError: reject,
    });
    upload.start();
  });
}

async function serverOffset(url: string, cookie: string) {
  const response = await fetch(url, {
    method: 'HEAD',
    headers: { cookie, 'tus-resumable': '1.0.0' },
  });
  return Number(response.headers.get('upload-offset'));
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
    const server = await startServerProcess(
      { DATA_DIR: path.join(folder, 'data'), MAX_UPLOAD_MB: String(SIZE_BYTES / 1024 / 1024 + 1) },
      { compiled: true },
    );
    try {
      const register = await fetch(`${server.origin}/api/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: server.origin },
        body: JSON.stringify({
          username: 'bench@example.com',
          password: 'bench password',
          name: 'B',
        }),
      });
      const cookie = register.headers.get('set-cookie')!.split(';')[0]!;

      let status = 0;
      const multipartSeconds = await timed(async () => {
        status = await uploadThroughApi(server.origin, cookie, file, size);
      });
      if (status !== 201) throw new Error(`multipart upload answered ${status}`);
      const tusSeconds = await timed(() => tusUpload(server.origin, cookie, file));

      // Cut halfway (the client drops the connection), then resumed from the server's offset.
      const cut = (await tusUpload(server.origin, cookie, file, { cutAt: size / 2 })) as {
        cutAfter: number;
        url: string;
      };
      const stored = await serverOffset(cut.url, cookie);
      const resumed = (await tusUpload(server.origin, cookie, file, {
        uploadUrl: cut.url,
      })) as TusRun;
      const resentBytes = Math.max(0, cut.cutAfter - stored);
      if (resumed.firstProgress < stored) throw new Error('the upload started again from zero');

      return [
        {
          measure: `disk copy, ${megabytes.toFixed(0)} MB (streamed)`,
          value: rate(copySeconds),
          note: `${copySeconds.toFixed(1)} s`,
        },
        {
          measure: 'multipart upload, POST /api/videos',
          value: rate(multipartSeconds),
          note: `${multipartSeconds.toFixed(1)} s, ${((copySeconds / multipartSeconds) * 100).toFixed(0)} % of the copy`,
        },
        {
          measure: 'resumable upload (tus), /api/resumable-uploads',
          value: rate(tusSeconds),
          note: `${tusSeconds.toFixed(1)} s, ${((copySeconds / tusSeconds) * 100).toFixed(0)} % of the copy, tus-js-client over loopback`,
        },
        {
          measure: 'resumed after a cut at half: bytes sent twice',
          value: `${(resentBytes / 1024 / 1024).toFixed(1)} MB`,
          note: `${((resentBytes / size) * 100).toFixed(2)} % of the file; the server kept ${(stored / 1024 / 1024).toFixed(0)} MB`,
        },
      ];
    } finally {
      await server.stop('SIGTERM');
    }
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
