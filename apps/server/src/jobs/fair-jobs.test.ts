import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { registerAccount } from '../../test/accounts';
import { eventually, processesWith } from '../../test/processes';
import { useTestApp } from '../../test/test-app';
import { fixture, uploadVideo } from '../../test/uploads';
import { waitUntilPrepared } from '../../test/wait-for-video';
import { ffmpegPath, runMediaTool } from '@filmroom/media';

/**
 * One user's long film and another's short clip: the clip is analysed while the film is still
 * being scanned, the film's owner never holds every slot, and deleting a video stops its work at
 * once. Real PostgreSQL, real ffmpeg, real vision models.
 */
const ctx = useTestApp(
  {
    WORK_QUEUES: 'media.prepare,vision.scan,analysis.generate',
    VISION_WORKERS: '1',
    JOB_CONCURRENCY: '2',
    // The film is scanned whole by itself, as it was before a coach had to pick the ranges of a
    // long video: what is tested here is how whole scans share the workers.
    AUTO_ANALYSIS_MAX_SECONDS: '3600',
  },
  { work: true },
);

const folder = await mkdtemp(path.join(tmpdir(), 'filmroom-fair-jobs-'));
afterAll(() => rm(folder, { recursive: true, force: true }));

/**
 * About nine minutes of real training film (the squats clip 40 times over): some twenty minutes
 * of scanning on one inference thread. Made here, never kept: the clip is first brought under
 * 360p, so its preparation (the HLS ladder of nine minutes is one small rendition then) takes
 * seconds instead of the minute or more two 720p ladders cost; what is tested is the scan.
 */
async function longFilm(name: string): Promise<string> {
  const small = path.join(folder, `small-${name}`);
  const output = path.join(folder, name);
  // prettier-ignore
  await runMediaTool(await ffmpegPath(), [
    '-hide_banner', '-loglevel', 'error', '-y',
    '-i', fixture('video/squats_single_person.mp4'),
    '-vf', 'scale=288:-2', '-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', small,
  ]);
  // prettier-ignore
  await runMediaTool(await ffmpegPath(), [
    '-hide_banner', '-loglevel', 'error', '-y',
    '-stream_loop', '39', '-i', small, '-c', 'copy', output,
  ]);
  return output;
}

async function analysisStatus(videoId: string): Promise<string | undefined> {
  const { rows } = await ctx.runtime.deps.pool.query<{ status: string }>(
    'SELECT status FROM analyses WHERE video_id = $1',
    [videoId],
  );
  return rows[0]?.status;
}

async function scanJobStates(videoId: string): Promise<string[]> {
  const { rows } = await ctx.runtime.deps.pool.query<{ state: string }>(
    `SELECT state FROM pgboss.job WHERE name = 'vision.scan' AND data->>'videoId' = $1
     ORDER BY created_on`,
    [videoId],
  );
  return rows.map((row) => row.state);
}

/** The ffmpeg processes reading this video's files. */
const ffmpegFor = async (videoId: string) =>
  (await processesWith(`videos/${videoId}/`)).filter((p) => p.commandLine[0]?.endsWith('ffmpeg'));

describe('jobs of different users', () => {
  it(
    "analyses a second user's short clip while a long film is scanned, and delete stops the film's work",
    { timeout: 600_000 },
    async () => {
      const coach = await registerAccount(ctx.app, { name: 'Long Film' });
      const films = [
        await uploadVideo(ctx.app, coach.cookie, {
          title: 'Whole session',
          file: await longFilm('session-1.mp4'),
        }),
        await uploadVideo(ctx.app, coach.cookie, {
          title: 'Second session',
          file: await longFilm('session-2.mp4'),
        }),
      ];
      for (const film of films) {
        expect((await waitUntilPrepared(ctx.database.db, film.id)).status).toBe('ready');
      }
      // Either film may be the one scanned: two idle slots can take both scan jobs in the same
      // instant, and the one whose fetch began first runs while the other is put back.
      const scanning = async () => {
        for (const film of films) if ((await analysisStatus(film.id)) === 'scanning') return film;
        return undefined;
      };
      expect(await eventually(async () => (await scanning()) !== undefined, 120_000)).toBe(true);
      const first = (await scanning())!;
      const second = films.find((film) => film.id !== first.id)!;
      expect(await eventually(async () => (await ffmpegFor(first.id)).length > 0, 30_000)).toBe(
        true,
      );

      // Another user's short clip (one jump, 2.4 s), uploaded while the film is being scanned.
      const athlete = await registerAccount(ctx.app, { name: 'Short Clip' });
      const clip = await uploadVideo(ctx.app, athlete.cookie, {
        title: 'Vertical jump',
        file: fixture('video/verticaljump_rear34-gym-phone.mp4'),
      });
      expect(
        await eventually(
          async () => ['ready', 'failed'].includes((await analysisStatus(clip.id)) ?? ''),
          420_000,
        ),
      ).toBe(true);
      expect(await analysisStatus(clip.id)).toBe('ready');

      // The film is still being scanned, and the coach's second film has had to wait its turn:
      // one user never holds both slots.
      expect(await analysisStatus(first.id)).toBe('scanning');
      expect(await scanJobStates(first.id)).toEqual(['active']);
      // (Polled: each minute the waiting job is taken up and put back in a few milliseconds.)
      expect(
        await eventually(async () => (await scanJobStates(second.id)).join() === 'created', 2_000),
      ).toBe(true);

      const deleteVideo = (id: string) =>
        ctx.app.inject({
          method: 'DELETE',
          url: `/api/videos/${id}`,
          headers: { cookie: coach.cookie },
        });
      // Deleting the waiting film: its job is cancelled and never starts.
      expect((await deleteVideo(second.id)).statusCode).toBe(200);
      expect(await scanJobStates(second.id)).toEqual(['cancelled']);

      // Deleting the film being scanned: its job is cancelled and its ffmpeg is gone.
      expect((await ffmpegFor(first.id)).length).toBeGreaterThan(0);
      expect((await deleteVideo(first.id)).statusCode).toBe(200);
      expect(await scanJobStates(first.id)).toEqual(['cancelled']);
      expect(await eventually(async () => (await ffmpegFor(first.id)).length === 0, 10_000)).toBe(
        true,
      );
      // Nothing of either film is left running or waiting.
      const { rows } = await ctx.runtime.deps.pool.query(
        `SELECT name, state FROM pgboss.job WHERE data->>'videoId' = ANY($1) AND state < 'completed'`,
        [[first.id, second.id]],
      );
      expect(rows).toEqual([]);
    },
  );
});
