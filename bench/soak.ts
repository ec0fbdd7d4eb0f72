// The soak row: one real server under mixed, paced load for minutes (list, detail, range reads,
// sign-ins, new annotations, and 200 listeners on the event stream the annotations fan out to),
// its RSS printed every minute. Goal: flat (the last minute within 5% of the second: the first
// one still fills caches and JIT code), and back within 15% of the idle figure 10 s after.
// Two minutes by default so that it runs on a shared machine; SOAK_MINUTES=10 for the full form.
// SOAK_HEAP_SNAPSHOTS=<dir> has the server write a heap snapshot there before and after the load,
// to compare in Chrome's DevTools (Memory, "Comparison") when memory grows.
import { mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Pool } from 'undici';
import { insertReadyVideos, registerCoach, uploadPreparedClip } from './load-seed';
import { startLoadServer } from './load-server';
import { measurePacedLoad, pacedText, type PacedRequest } from './paced-load';
import { watchMemory } from './memory-after-load';
import { waitUntilIdle } from './process-idle';
import { memoryMiB } from './process-memory';
import type { Row } from './table';

const MINUTES = Number(process.env.SOAK_MINUTES ?? 2);
const LIBRARY_SIZE = 1000;
const LISTENERS = 200;
const FLAT_WITHIN = 0.05;
const HEAP_SNAPSHOT_DIR = process.env.SOAK_HEAP_SNAPSHOTS;
const clip = path.resolve(
  import.meta.dirname,
  '../../shared/fixtures/video/squats_single_person.mp4',
);
const credentials = { username: 'soak-coach@example.com', password: 'soak bench password' };

/** The server writes a snapshot on SIGUSR2; the file appears once it has finished writing. */
async function heapSnapshot(pid: number): Promise<void> {
  if (!HEAP_SNAPSHOT_DIR) return;
  process.kill(pid, 'SIGUSR2');
  await waitUntilIdle(pid);
}

/**
 * RSS once a minute while the load runs, printed as it comes (a soak is long to wait for).
 * `finish` takes the last minute's sample if the load ended just before its timer fired.
 */
function sampleEveryMinute(pid: number, minutes: number) {
  const perMinute: number[] = [];
  let taken = Promise.resolve();
  let ticks = 0;
  const sample = () => {
    ticks += 1;
    taken = taken.then(async () => {
      const { rss } = await memoryMiB(pid);
      perMinute.push(rss);
      const load = os.loadavg()[0]!.toFixed(1);
      console.log(
        `soak minute ${perMinute.length}: server RSS ${rss.toFixed(0)} MiB, load ${load}`,
      );
    });
  };
  const timer = setInterval(sample, 60_000);
  const finish = async () => {
    clearInterval(timer);
    if (ticks < Math.floor(minutes)) sample();
    await taken;
    return perMinute;
  };
  return { finish };
}

/** Whether the last minute's RSS is within 5% of the second minute's. */
function flatness(perMinute: number[]): string {
  if (perMinute.length < 3) return 'too short to judge flatness (3 minutes at least)';
  const second = perMinute[1]!;
  const last = perMinute.at(-1)!;
  const change = last / second - 1;
  const verdict = Math.abs(change) <= FLAT_WITHIN ? 'flat ✓' : 'not flat ✗';
  return `last minute ${change >= 0 ? '+' : ''}${(change * 100).toFixed(1)}% on the second: ${verdict} (goal within ${FLAT_WITHIN * 100}%)`;
}

export async function benchSoak(): Promise<Row[]> {
  if (HEAP_SNAPSHOT_DIR) await mkdir(HEAP_SNAPSHOT_DIR, { recursive: true });
  const server = await startLoadServer({
    ...(HEAP_SNAPSHOT_DIR && {
      NODE_OPTIONS: `--heapsnapshot-signal=SIGUSR2 --diagnostic-dir=${path.resolve(HEAP_SNAPSHOT_DIR)}`,
    }),
    AUTH_RATE_LIMIT_PER_IP: '1000000000',
    AUTH_RATE_LIMIT_PER_USERNAME: '1000000000',
    REGISTRATIONS_PER_NETWORK_PER_HOUR: '1000000000',
    WORK_QUEUES: 'media.prepare',
  });
  const listeners = new Pool(server.origin, { connections: LISTENERS, bodyTimeout: 0 });
  try {
    const { origin } = server;
    const coach = await registerCoach(origin, credentials);
    const file = await uploadPreparedClip(origin, coach, clip);
    await insertReadyVideos(server.db, coach.id, LIBRARY_SIZE - 1);
    const listed = (await (
      await fetch(`${origin}/api/videos`, { headers: { cookie: coach.cookie } })
    ).json()) as { id: string }[];
    const ids = listed.map((video) => video.id);
    const videoId = ids[0]!;

    const read = { cookie: coach.cookie };
    const write = { ...read, 'content-type': 'application/json', origin };
    const streams: { name: string; rate: number; request: (n: number) => PacedRequest }[] = [
      { name: 'list', rate: 30, request: () => ({ path: '/api/videos', headers: read }) },
      {
        name: 'detail',
        rate: 30,
        request: (n) => ({ path: `/api/videos/${ids[n % ids.length]}`, headers: read }),
      },
      {
        name: 'range reads',
        rate: 50,
        request: (n) => {
          const start = (n * 65_536) % Math.max(1, file.bytes - 65_536);
          return {
            path: file.url,
            headers: { ...read, range: `bytes=${start}-${start + 65_535}` },
          };
        },
      },
      {
        name: 'annotations',
        rate: 5,
        request: (n) => ({
          path: `/api/videos/${videoId}/annotations`,
          method: 'POST',
          headers: write,
          body: JSON.stringify({
            content: `Soak ${n}`,
            timestamp: n % 30,
            xPosition: 50,
            yPosition: 50,
          }),
        }),
      },
      {
        name: 'sign-ins',
        rate: 2,
        request: () => ({
          path: '/api/login',
          method: 'POST',
          headers: { 'content-type': 'application/json', origin },
          body: JSON.stringify(credentials),
        }),
      },
    ];

    // The listeners stay connected throughout, reading (and dropping) every event sent.
    await Promise.all(
      Array.from({ length: LISTENERS }, async () => {
        const { statusCode, body } = await listeners.request({
          path: '/api/events',
          method: 'GET',
          headers: read,
        });
        if (statusCode !== 200) throw new Error(`GET /api/events answered ${statusCode}`);
        body.on('data', () => {}).on('error', () => {});
      }),
    );

    const memory = await watchMemory(server.pid);
    // After the idle figure: writing a snapshot itself takes tens of MiB that stay resident, so
    // the RSS figures of a run with snapshots are for finding what grows, not for the goal.
    await heapSnapshot(server.pid);
    const loadAtStart = os.loadavg()[0]!.toFixed(1);
    const sampler = sampleEveryMinute(server.pid, MINUTES);
    const results = await Promise.all(
      streams.map((stream) =>
        measurePacedLoad(server.pid, {
          origin,
          rate: stream.rate,
          durationSeconds: MINUTES * 60,
          request: stream.request,
        }),
      ),
    );
    const perMinute = await sampler.finish();
    const loadAtEnd = os.loadavg()[0]!.toFixed(1);
    const afterLoad = await memory.afterLoad();
    const { peak } = await memoryMiB(server.pid);
    await heapSnapshot(server.pid);

    return [
      ...streams.map((stream, index) => ({
        measure: `soak: ${stream.name}, paced at ${stream.rate} req/s × ${MINUTES} min: p99`,
        value: `${results[index]!.latencyMs.p99} ms`,
        note: pacedText(results[index]!),
      })),
      {
        measure: `soak: server RSS each minute (${LISTENERS} listeners on /api/events); \`SOAK_MINUTES=10 npm run bench -- soak\` for the full form`,
        value: `${perMinute.map((rss) => rss.toFixed(0)).join(' → ')} MiB`,
        note: `${flatness(perMinute)}; ${afterLoad}; peak ${peak.toFixed(0)} MiB; load average ${loadAtStart} at the start, ${loadAtEnd} at the end`,
      },
    ];
  } finally {
    await listeners.destroy();
    await server.stop();
  }
}
