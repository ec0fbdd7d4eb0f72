// A paced load client: requests arrive evenly spaced at a given rate whatever the server does
// (an open loop, as visitors arrive), where autocannon sends in bursts and waits for answers
// (a closed loop). Each latency runs from when the request was due, not from when it was sent,
// so a server that falls behind shows it in the percentiles instead of in a lower send rate.
import { setTimeout as sleep } from 'node:timers/promises';
import { Pool } from 'undici';
import { waitUntilIdle } from './process-idle';

export type PacedRequest = {
  path: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
};

export type PacedLoadOptions = {
  origin: string;
  /** Arrivals per second. */
  rate: number;
  durationSeconds: number;
  /** The n-th request to send (n from 0): the same one each time, or a rotation. */
  request: (n: number) => PacedRequest;
  /** Open connections at most; arrivals beyond them wait in the client, and that wait counts. */
  connections?: number;
  /** Answers after this are counted as timeouts. */
  timeoutMs?: number;
};

export type PacedLoadResult = {
  sent: number;
  /** Answers per second over the time from the first arrival to the last answer. */
  achievedRate: number;
  latencyMs: { p50: number; p99: number; max: number };
  /** Statuses outside 2xx, timeouts and other failures: the goal is zero of each. */
  non2xx: number;
  timeouts: number;
  errors: number;
};

/** Runs one paced load against `origin`. */
async function pacedLoad(options: PacedLoadOptions): Promise<PacedLoadResult> {
  const { rate, durationSeconds, timeoutMs = 10_000 } = options;
  const pool = new Pool(options.origin, {
    connections: options.connections ?? 100,
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
  });
  const total = Math.round(rate * durationSeconds);
  const latencies: number[] = [];
  const counts = { non2xx: 0, timeouts: 0, errors: 0 };

  const send = async (due: number, request: PacedRequest) => {
    try {
      const response = await pool.request({ method: 'GET', ...request });
      await response.body.dump({ limit: Infinity }); // read to the end: the whole answer counts
      if (response.statusCode < 200 || response.statusCode > 299) counts.non2xx += 1;
      latencies.push(performance.now() - due);
    } catch (error) {
      const code = (error as { code?: string }).code ?? '';
      if (code.endsWith('TIMEOUT')) counts.timeouts += 1;
      else counts.errors += 1;
    }
  };

  const started = performance.now();
  const inFlight: Promise<void>[] = [];
  for (let n = 0; n < total; n++) {
    const due = started + (n * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    inFlight.push(send(due, options.request(n)));
  }
  await Promise.all(inFlight);
  const elapsedSeconds = (performance.now() - started) / 1000;
  await pool.close();

  return {
    sent: total,
    achievedRate: latencies.length / elapsedSeconds,
    latencyMs: {
      p50: percentile(latencies, 0.5),
      p99: percentile(latencies, 0.99),
      max: percentile(latencies, 1),
    },
    ...counts,
  };
}

/** A paced load, then the wait until the server is idle again (as measureLoad does). */
export async function measurePacedLoad(serverPid: number, options: PacedLoadOptions) {
  const result = await pacedLoad(options);
  return { ...result, busyAfter: await waitUntilIdle(serverPid) };
}

/** The value below which `share` of the samples fall (nearest rank), in whole ms. */
function percentile(samples: number[], share: number): number {
  if (samples.length === 0) return NaN;
  const sorted = samples.toSorted((a, b) => a - b);
  const rank = Math.max(1, Math.ceil(share * sorted.length));
  return Math.round(sorted[rank - 1]!);
}

/** The table's words for one paced run: latency, rate achieved, and anything that went wrong. */
export function pacedText(result: PacedLoadResult & { busyAfter: number }): string {
  const problems = `non-2xx ${result.non2xx}, timeouts ${result.timeouts}, other errors ${result.errors}`;
  const leftover =
    result.busyAfter < 1 ? '' : `; server still busy ${result.busyAfter.toFixed(0)} s after`;
  return `p50 ${result.latencyMs.p50} ms, max ${result.latencyMs.max} ms; achieved ${result.achievedRate.toFixed(0)} req/s; ${problems}${leftover}`;
}
