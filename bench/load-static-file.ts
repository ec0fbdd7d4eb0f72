// The floor under the list rows: a static file as big as the list's answer, served by the same
// server (its static plugin: no session, no database) and paced the same way. Where this row
// misses the list's goal too, the limit is the 2-core machine and the load client on it, not the
// list's own work.
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LoadServer } from './load-server';
import { STEADY } from './load-video-list';
import type { MemoryWatch } from './memory-after-load';
import { measurePacedLoad, pacedText } from './paced-load';
import type { Row } from './table';

type StaticDir = {
  /** For the server's WEB_DIST_DIR (read at start: it needs an index.html then). */
  dir: string;
  remove: () => Promise<void>;
};

/** A web app directory of the bench's own, so the row does not depend on a built web app. */
export async function makeStaticDir(): Promise<StaticDir> {
  const dir = await mkdtemp(path.join(tmpdir(), 'filmroom-bench-static-'));
  await mkdir(path.join(dir, 'assets'));
  await writeFile(path.join(dir, 'index.html'), '<!doctype html><title>FilmRoom bench</title>');
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

/** Bytes on the wire of one answer to `url` as a browser asks (gzip accepted). */
export async function wireBytes(url: string, headers: Record<string, string>): Promise<number> {
  const response = await fetch(url, { headers: { 'accept-encoding': 'gzip', ...headers } });
  const body = await response.arrayBuffer();
  return Number(response.headers.get('content-length') ?? body.byteLength);
}

export async function benchStaticFileLoad(
  server: Pick<LoadServer, 'origin' | 'pid'>,
  staticDir: StaticDir,
  bytes: number,
  memory: MemoryWatch,
): Promise<Row[]> {
  // Random bytes, so nothing on the way could shrink them; the static plugin reads the directory
  // per request, so a file written after the start is served.
  const name = `bench-${bytes}.bin`;
  await writeFile(path.join(staticDir.dir, 'assets', name), randomBytes(bytes));
  const urlPath = `/assets/${name}`;
  const probe = await fetch(`${server.origin}${urlPath}`);
  const received = (await probe.arrayBuffer()).byteLength;
  if (probe.status !== 200 || received !== bytes) {
    throw new Error(`GET ${urlPath} answered ${probe.status} with ${received} bytes`);
  }

  const load = {
    origin: server.origin,
    rate: STEADY.overallRate,
    request: () => ({ path: urlPath }),
  };
  // As the list rows do: the first seconds pay for JIT compilation.
  await measurePacedLoad(server.pid, { ...load, durationSeconds: 2 });
  const paced = await measurePacedLoad(server.pid, { ...load, durationSeconds: STEADY.duration });
  return [
    {
      measure: `GET /assets/… (a static file of ${(bytes / 1024).toFixed(0)} kB, the list's gzip answer's size), paced at ${STEADY.overallRate} req/s × ${STEADY.duration} s: p99`,
      value: `${paced.latencyMs.p99} ms`,
      note: `no goal: the machine's floor under the list rows (no session, no database); ${pacedText(paced)}; ${await memory.afterLoad()}`,
    },
  ];
}
