// A prepared video read the way a player seeks through it: GET /uploads/... with a Range header,
// a different slice each time, from a few viewers at once. Each read is checked as a 206.
import type { Account } from './load-seed';
import { latencyText, measureLoad, problemsText, requestsPerSecond } from './load-measure';
import type { LoadServer } from './load-server';
import type { MemoryWatch } from './memory-after-load';
import type { Row } from './table';

const LOAD = { connections: 10, duration: 10 };
const SLICE_BYTES = 64 * 1024;
const SLICES = 16;

/** Byte ranges (inclusive) spread over the whole file, the last one running to its end. */
function rangesOf(fileBytes: number): { start: number; end: number }[] {
  const step = Math.floor(fileBytes / SLICES);
  return Array.from({ length: SLICES }, (_, index) => {
    const start = index * step;
    const end = index === SLICES - 1 ? fileBytes - 1 : Math.min(start + SLICE_BYTES, fileBytes) - 1;
    return { start, end };
  });
}

const rangeHeader = ({ start, end }: { start: number; end: number }) => `bytes=${start}-${end}`;

export async function benchRangeReadLoad(
  server: Pick<LoadServer, 'origin' | 'pid'>,
  account: Account,
  file: { url: string; bytes: number },
  memory: MemoryWatch,
): Promise<Row[]> {
  const url = `${server.origin}${file.url}`;
  const ranges = rangesOf(file.bytes);
  const headers = ranges.map(rangeHeader);

  // Only a 206 with exactly the bytes asked for shows the server honours Range at all.
  const [first] = ranges;
  const probe = await fetch(url, { headers: { cookie: account.cookie, range: headers[0]! } });
  const received = (await probe.arrayBuffer()).byteLength;
  if (probe.status !== 206 || received !== first!.end - first!.start + 1) {
    throw new Error(`a range read answered ${probe.status} with ${received} bytes`);
  }

  let next = 0;
  const result = await measureLoad(server.pid, {
    url,
    ...LOAD,
    requests: [
      {
        setupRequest: (request) => ({
          ...request,
          headers: { ...request.headers, cookie: account.cookie, range: headers[next++ % SLICES]! },
        }),
      },
    ],
  });
  const partial = result.statusCodeStats?.['206']?.count ?? 0;
  const megabytesPerSecond = result.throughput.total / 1024 / 1024 / result.duration;

  return [
    {
      measure: `GET /uploads/… with Range (${SLICE_BYTES / 1024} KiB slices of a ${(file.bytes / 1024).toFixed(0)} KiB clip), ${LOAD.connections} connections × ${LOAD.duration} s`,
      value: `${megabytesPerSecond.toFixed(1)} MB/s`,
      note: `${requestsPerSecond(result).toFixed(0)} req/s, ${latencyText(result)}; 206 for ${partial} of ${result.requests.total}; ${problemsText(result)}; ${await memory.afterLoad()}`,
    },
  ];
}
