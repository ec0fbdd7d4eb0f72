// GET /api/videos for a coach with a big library, the page every visit starts on: flat out at
// 200 connections, then at a steady 300 requests a second. Goal: p99 under 50 ms at 300 req/s.
import type { Account } from './load-seed';
import { latencyText, measureLoad, problemsText, requestsPerSecond } from './load-measure';
import type { LoadServer } from './load-server';
import type { Row } from './table';

const SATURATION = { connections: 200, duration: 30 };
// autocannon paces a rate per connection per second (each one sends its share back to back, then
// waits for the next second), so fewer connections mean smaller bursts at each second's start.
const STEADY = { overallRate: 300, connections: 20, duration: 15 };

export async function benchVideoListLoad(
  server: Pick<LoadServer, 'origin' | 'pid'>,
  account: Account,
  expectedVideos: number,
): Promise<Row[]> {
  const url = `${server.origin}/api/videos`;
  // As a browser asks: every browser accepts gzip, and the list is sent gzipped to them.
  const headers = { cookie: account.cookie, 'accept-encoding': 'gzip, deflate, br, zstd' };

  // A list that came back short would make every figure below meaningless.
  const response = await fetch(url, { headers });
  const wireKilobytes = Number(response.headers.get('content-length')) / 1024;
  const body = await response.text(); // fetch undoes the gzip
  const listed = (JSON.parse(body) as unknown[]).length;
  if (response.status !== 200 || listed !== expectedVideos) {
    throw new Error(`GET /api/videos answered ${response.status} with ${listed} videos`);
  }
  if (response.headers.get('content-encoding') !== 'gzip') {
    throw new Error('GET /api/videos did not send the list gzipped to a client that asked');
  }
  const kilobytes = Buffer.byteLength(body) / 1024;

  // The first seconds pay for JIT compilation and opening the server's database connections.
  await measureLoad(server.pid, { url, headers, connections: 10, duration: 2 });
  const saturated = await measureLoad(server.pid, { url, headers, ...SATURATION });
  const steady = await measureLoad(server.pid, { url, headers, ...STEADY });

  const what = `GET /api/videos, ${listed.toLocaleString('en-US')} videos (${kilobytes.toFixed(0)} kB JSON, ${wireKilobytes.toFixed(0)} kB gzip)`;
  return [
    {
      measure: `${what}, ${SATURATION.connections} connections × ${SATURATION.duration} s`,
      value: `${requestsPerSecond(saturated).toFixed(0)} req/s`,
      note: `${latencyText(saturated)}; ${problemsText(saturated)}`,
    },
    {
      measure: `${what}, at ${STEADY.overallRate} req/s × ${STEADY.duration} s: p99`,
      value: `${steady.latency.p99} ms`,
      note: `goal < 50 ms; achieved ${requestsPerSecond(steady).toFixed(0)} req/s on ${STEADY.connections} connections, p50 ${steady.latency.p50} ms; ${problemsText(steady)}`,
    },
  ];
}
