// One autocannon run against the server process, and the words every load row shares.
import autocannon from 'autocannon';
import { waitUntilIdle } from './process-idle';

export type LoadResult = autocannon.Result & {
  /** Seconds the server kept working after the run ended: requests it was still answering. */
  busyAfter: number;
};

/**
 * Runs autocannon quietly (the table is the output), then waits until the server is idle again.
 * A client that timed out leaves its request running on the server; without the wait the next
 * run would queue behind that leftover work and measure it instead.
 * Requests time out at autocannon's default 10 s, counted among the errors.
 */
export async function measureLoad(
  serverPid: number,
  options: autocannon.Options,
): Promise<LoadResult> {
  const result = await autocannon(options);
  return { ...result, busyAfter: await waitUntilIdle(serverPid) };
}

/** Latency percentiles as read in the table: "p50 12 ms, p99 40 ms". */
export const latencyText = (result: LoadResult) =>
  `p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms`;

/** Completed requests per second over the whole run (autocannon counts every response). */
export const requestsPerSecond = (result: LoadResult) => result.requests.total / result.duration;

/** Every way a request went wrong (the goal is zero of each) and any work left behind. */
export function problemsText(result: LoadResult): string {
  const problems = `non-2xx ${result.non2xx}, timeouts ${result.timeouts}, other errors ${result.errors - result.timeouts}`;
  // Under a second is the idle check's own sampling, not leftover work.
  return result.busyAfter < 1
    ? problems
    : `${problems}; server still busy ${result.busyAfter.toFixed(0)} s after the run`;
}
