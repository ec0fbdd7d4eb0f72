// The soak row: one real server under mixed, paced load for minutes (list, detail, range reads,
// sign-ins, new annotations, and 200 listeners on the event stream the annotations fan out to),
// its RSS printed every minute. Goal: flat, and back near the idle figure 10 s after.
// Two minutes by default so that it runs on a shared machine; SOAK_MINUTES=10 for the full form.
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Pool } from 'undici';
import { insertReadyVideos, registerCoach, uploadPreparedClip } from './load-seed';
import { startLoadServer } from './load-server';
import { measurePacedLoad, pacedText, type PacedRequest } from './paced-load';
import { waitUntilIdle } from './process-idle';
import { memoryMiB, resetPeakMemory } from './process-memory';
import type { Row } from './table';

const MINUTES = Number(process.env.SOAK_MINUTES ?? 2);
const LIBRARY_SIZE = 1000;
const LISTENERS = 200;
const IDLE_SECONDS = 10;
const clip = path.resolve(
  import.meta.dirname,
  '../../shared/fixtures/video/squats_single_person.mp4',
);
const credentials = { username: 'soak-coach@example.com', password: 'soak bench password' };

export async function benchSoak(): Promise<Row[]> {
  const server = await startLoadServer({
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

    await waitUntilIdle(server.pid);
    await resetPeakMemory(server.pid);
    const before = await memoryMiB(server.pid);
    const perMinute: number[] = [];
    const sampler = setInterval(() => {
      void memoryMiB(server.pid).then(({ rss }) => {
        perMinute.push(rss);
        console.log(`soak minute ${perMinute.length}: server RSS ${rss.toFixed(0)} MiB`);
      });
    }, 60_000);
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
    clearInterval(sampler);
    await sleep(IDLE_SECONDS * 1000);
    const after = await memoryMiB(server.pid);

    return [
      ...streams.map((stream, index) => ({
        measure: `soak: ${stream.name}, paced at ${stream.rate} req/s × ${MINUTES} min: p99`,
        value: `${results[index]!.latencyMs.p99} ms`,
        note: pacedText(results[index]!),
      })),
      {
        measure: `soak: server RSS before → each minute → ${IDLE_SECONDS} s after (${LISTENERS} listeners on /api/events)`,
        value: `${before.rss.toFixed(0)} → ${after.rss.toFixed(0)} MiB`,
        note: `goal: flat, within 15% once idle; each minute ${perMinute.map((rss) => rss.toFixed(0)).join(', ')} MiB; peak ${after.peak.toFixed(0)} MiB`,
      },
    ];
  } finally {
    await listeners.destroy();
    await server.stop();
  }
}
