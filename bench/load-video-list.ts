// GET /api/videos for a coach with a big library, the page every visit starts on: flat out at
// 200 connections, then at a steady 300 requests a second, once from autocannon (bursts) and once
// from the paced client (evenly spaced arrivals). Goal: p99 under 50 ms at 300 req/s on the paced
// one (the whole list of 1,000 and a first page of any library), under 100 ms for a search.
import type { Account } from './load-seed';
import { latencyText, measureLoad, problemsText, requestsPerSecond } from './load-measure';
import type { LoadServer } from './load-server';
import type { MemoryWatch } from './memory-after-load';
import { measurePacedLoad, pacedText } from './paced-load';
import type { Row } from './table';

const SATURATION = { connections: 200, duration: 30 };
// autocannon paces a rate per connection per second (each one sends its share back to back, then
// waits for the next second), so fewer connections mean smaller bursts at each second's start.
export const STEADY = { overallRate: 300, connections: 20, duration: 15 };

type ListLoad = {
  /** Path and query, e.g. `/api/videos?limit=24`. */
  path: string;
  /** How the rows name it, e.g. `GET /api/videos, 1,000 videos`. */
  what: string;
  goal: string;
  /** Throws unless the answer is the one meant (a short or empty list would make every figure meaningless). */
  check: (status: number, body: unknown) => string;
  /** Also the flat-out row. */
  saturate?: boolean;
  /** The answer must come gzipped (the whole list is kept gzipped for browsers). */
  gzipped?: boolean;
};

export async function benchListLoad(
  server: Pick<LoadServer, 'origin' | 'pid'>,
  account: Account,
  load: ListLoad,
  /** When given, each row's note ends with the server's RSS once idle after it. */
  memory?: MemoryWatch,
): Promise<Row[]> {
  const url = `${server.origin}${load.path}`;
  // As a browser asks: every browser accepts gzip.
  const headers = { cookie: account.cookie, 'accept-encoding': 'gzip, deflate, br, zstd' };

  const response = await fetch(url, { headers });
  const gzipped = response.headers.get('content-encoding') === 'gzip';
  const wireKilobytes = Number(response.headers.get('content-length')) / 1024;
  const body = await response.text(); // fetch undoes the gzip
  const shape = load.check(response.status, JSON.parse(body));
  if (load.gzipped && !gzipped) {
    throw new Error(`${load.path} was not sent gzipped to a client that asked`);
  }
  const size = `${(Buffer.byteLength(body) / 1024).toFixed(0)} kB JSON${gzipped ? `, ${wireKilobytes.toFixed(0)} kB gzip` : ''}`;
  const what = `${load.what} (${shape}, ${size})`;

  // The first seconds pay for JIT compilation and opening the server's database connections.
  await measureLoad(server.pid, { url, headers, connections: 10, duration: 2 });
  const rows: Row[] = [];
  const memoryAfter = async () => (memory ? `; ${await memory.afterLoad()}` : '');
  if (load.saturate) {
    const saturated = await measureLoad(server.pid, { url, headers, ...SATURATION });
    rows.push({
      measure: `${what}, ${SATURATION.connections} connections × ${SATURATION.duration} s`,
      value: `${requestsPerSecond(saturated).toFixed(0)} req/s`,
      note: `${latencyText(saturated)}; ${problemsText(saturated)}${await memoryAfter()}`,
    });
  }
  const steady = await measureLoad(server.pid, { url, headers, ...STEADY });
  rows.push({
    measure: `${what}, at ${STEADY.overallRate} req/s × ${STEADY.duration} s: p99`,
    value: `${steady.latency.p99} ms`,
    note: `autocannon's bursts; achieved ${requestsPerSecond(steady).toFixed(0)} req/s on ${STEADY.connections} connections, p50 ${steady.latency.p50} ms; ${problemsText(steady)}${await memoryAfter()}`,
  });
  const paced = await measurePacedLoad(server.pid, {
    origin: server.origin,
    rate: STEADY.overallRate,
    durationSeconds: STEADY.duration,
    request: () => ({ path: load.path, headers }),
  });
  rows.push({
    measure: `${what}, paced at ${STEADY.overallRate} req/s × ${STEADY.duration} s: p99`,
    value: `${paced.latencyMs.p99} ms`,
    note: `${load.goal} (evenly spaced arrivals, timed from when each was due); ${pacedText(paced)}${await memoryAfter()}`,
  });
  return rows;
}

/** The plain call existing clients make: every video, as one array. */
export async function benchVideoListLoad(
  server: Pick<LoadServer, 'origin' | 'pid'>,
  account: Account,
  expectedVideos: number,
  memory?: MemoryWatch,
): Promise<Row[]> {
  return benchListLoad(
    server,
    account,
    {
      path: '/api/videos',
      what: `GET /api/videos, ${expectedVideos.toLocaleString('en-US')} videos`,
      goal: 'goal < 50 ms',
      saturate: true,
      gzipped: true,
      check: (status, body) => {
        const listed = Array.isArray(body) ? body.length : -1;
        if (status !== 200 || listed !== expectedVideos) {
          throw new Error(`GET /api/videos answered ${status} with ${listed} videos`);
        }
        return 'the whole list';
      },
    },
    memory,
  );
}
