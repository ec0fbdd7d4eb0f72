import { ABOVE_GROUND_NOTE, type POSE_KEYPOINT_ORDER, type VideoExport } from '@filmroom/contract';
import { decodePicture, makeStill } from '@filmroom/media';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { registerAccount } from '../../../test/accounts';
import { storeScan } from '../../../test/scans';
import { useTestApp } from '../../../test/test-app';
import { uploadVideo } from '../../../test/uploads';
import { waitUntilPrepared } from '../../../test/wait-for-video';

const ctx = useTestApp({ WORK_QUEUES: 'media.prepare,export.render' }, { work: true });

async function waitUntilDone(cookie: string, id: string): Promise<VideoExport> {
  for (let tries = 0; tries < 240; tries++) {
    const view = (
      await ctx.app.inject({ url: `/api/exports/${id}`, headers: { cookie } })
    ).json<VideoExport>();
    if (view.status === 'ready' || view.status === 'failed') return view;
    await sleep(500);
  }
  throw new Error('the export never finished');
}

/** A basketball key marked in the picture's lower right (percent). */
const LOWER_RIGHT_KEY = {
  basis: 'plane',
  corners: [
    { x: 50, y: 60 },
    { x: 90, y: 60 },
    { x: 95, y: 90 },
    { x: 45, y: 90 },
  ],
  across: 4.9,
  along: 5.8,
} as const;

/**
 * The video's range exported with its measurements burned in, and the frame `atSeconds` into
 * the export, decoded at 1280 px on its long side.
 */
async function exportedFrame(
  cookie: string,
  videoId: string,
  range: { start: number; end: number },
  atSeconds: number,
) {
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/api/exports',
    headers: { cookie },
    payload: { source: { kind: 'video', videoId, ...range }, overlays: ['measurements'] },
  });
  expect(created.statusCode).toBe(201);
  const done = await waitUntilDone(cookie, created.json<VideoExport>().id);
  expect(done.status).toBe('ready');
  const download = await ctx.app.inject({ url: done.downloadUrl!, headers: { cookie } });
  const folder = await mkdtemp(path.join(tmpdir(), 'measure-export-'));
  const file = path.join(folder, 'export.mp4');
  await writeFile(file, download.rawPayload);
  const still = path.join(folder, 'still.png');
  await makeStill(file, still, { atSeconds, longSide: 1280 });
  return decodePicture(still, 1280);
}

/** The RGB of the exported frame at a place given in percent of the picture. */
function pixelAt(picture: Awaited<ReturnType<typeof decodePicture>>, x: number, y: number) {
  const column = Math.round((x / 100) * (picture.width - 1));
  const row = Math.round((y / 100) * (picture.height - 1));
  const offset = (row * picture.width + column) * 3;
  return [...picture.data.slice(offset, offset + 3)];
}

describe('export with measurements', () => {
  it('burns a tracked path in with its trail up to each frame, its speed as text, and the court rectangle another was measured on', async () => {
    const coach = await registerAccount(ctx.app, { isCoach: true });
    const video = await uploadVideo(ctx.app, coach.cookie);
    await waitUntilPrepared(ctx.database.db, video.id);
    // A point rising straight up the picture at 30 % across: from 80 % down at 1 s to 20 % at
    // 4 s, sampled at 30 fps, on a picture calibrated at a metre for a tenth of its width.
    const samples = Array.from({ length: 91 }, (_, i) => ({
      t: 1 + i / 30,
      x: 30,
      y: 80 - (60 * i) / 90,
    }));
    const saved = await ctx.app.inject({
      method: 'POST',
      url: `/api/videos/${video.id}/measurements`,
      headers: { cookie: coach.cookie },
      payload: {
        name: 'Bar path',
        calibration: { from: { x: 10, y: 10 }, to: { x: 20, y: 10 }, metres: 1 },
        subject: { kind: 'tracked-point', samples },
      },
    });
    expect(saved.statusCode).toBe(201);
    // A stopwatch timed on a court rectangle marked in the picture's lower right.
    const onCourt = await ctx.app.inject({
      method: 'POST',
      url: `/api/videos/${video.id}/measurements`,
      headers: { cookie: coach.cookie },
      payload: {
        name: 'Stopwatch',
        calibration: LOWER_RIGHT_KEY,
        subject: { kind: 'stopwatch', start: 1, end: 2 },
      },
    });
    expect(onCourt.statusCode).toBe(201);

    // 1.5 s into the export is 2.5 s into the video: the point is at 50 % down, and the bright
    // trail runs back over the last 1.5 s to 80 %. Above it the path is only faint.
    const picture = await exportedFrame(coach.cookie, video.id, { start: 1, end: 4 }, 1.5);
    const cyan = ([r, g, b]: number[]) => r! < 90 && g! > 170 && b! > 170;
    expect(cyan(pixelAt(picture, 30, 65))).toBe(true);
    expect(cyan(pixelAt(picture, 30, 50))).toBe(true);
    expect(cyan(pixelAt(picture, 30, 30))).toBe(false);
    // The speed's text, white on a dark edge, at the top right under the name label's line.
    let white = 0;
    for (let x = 70; x < 99; x += 0.25) {
      for (let y = 5; y < 13; y += 0.5) {
        const [r, g, b] = pixelAt(picture, x, y);
        if (r! > 235 && g! > 235 && b! > 235) white += 1;
      }
    }
    expect(white).toBeGreaterThan(20);
    // The rectangle's yellow outline along its near side (90 % down, from 45 % to 95 % across),
    // and none across the picture's middle, where no side runs.
    const yellow = ([r, g, b]: number[]) => r! > 200 && g! > 170 && b! < 90;
    const yellowInBand = (y0: number, y1: number) => {
      let count = 0;
      for (let x = 55; x <= 85; x += 1) {
        for (let y = y0; y <= y1; y += 0.05) if (yellow(pixelAt(picture, x, y))) count += 1;
      }
      return count;
    };
    expect(yellowInBand(89.5, 90.5)).toBeGreaterThan(25);
    expect(yellowInBand(74.5, 75.5)).toBe(0);
    // A real upload, preparation and render on a shared machine: more than the default 30 s.
  }, 120_000);

  it('burns in beside a hip’s speed on a court rectangle that it is above the ground, within a portrait frame', async () => {
    const coach = await registerAccount(ctx.app, { isCoach: true });
    // The squat clip is portrait, 720 × 1280: the narrowest frame a label has to fit.
    const video = await uploadVideo(ctx.app, coach.cookie);
    await waitUntilPrepared(ctx.database.db, video.id);
    // The scan's athlete stands still, a hip a little below the picture's middle, 5 samples a
    // second.
    const at = (name: (typeof POSE_KEYPOINT_ORDER)[number], x: number, y: number) => ({
      name,
      x,
      y,
      score: 0.9,
    });
    await storeScan(ctx.runtime.deps.blobs, video.id, [
      {
        id: 1,
        samples: Array.from({ length: 21 }, (_, i) => ({
          t: i / 5,
          box: [0.3, 0.3, 0.4, 0.5] as [number, number, number, number],
          score: 0.9,
          keypoints: [
            at('left_hip', 0.5, 0.55),
            at('left_knee', 0.5, 0.65),
            at('left_ankle', 0.5, 0.78),
          ],
        })),
      },
    ]);
    const saved = await ctx.app.inject({
      method: 'POST',
      url: `/api/videos/${video.id}/measurements`,
      headers: { cookie: coach.cookie },
      payload: {
        name: 'Joint path',
        calibration: LOWER_RIGHT_KEY,
        subject: { kind: 'joint-path', joint: 'left_hip' },
      },
    });
    expect(saved.statusCode).toBe(201);
    const picture = await exportedFrame(coach.cookie, video.id, { start: 1, end: 3 }, 1);
    // The label's white letters on its line (the wall behind is a light grey, never this white).
    const whiteIn = (x0: number, x1: number) => {
      let count = 0;
      for (let x = x0; x < x1; x += 0.25) {
        for (let y = 3.5; y < 7; y += 0.1) {
          const [r, g, b] = pixelAt(picture, x, y);
          if (r! > 235 && g! > 235 && b! > 235) count += 1;
        }
      }
      return count;
    };
    // "Joint path 0.0 m/s" alone ends at the right and spans its last third; with "(${ABOVE_GROUND_NOTE})"
    // it reaches across most of the frame, and stops short of its left edge.
    expect(ABOVE_GROUND_NOTE).toBe('above ground, approx.');
    expect(whiteIn(16, 55)).toBeGreaterThan(40);
    expect(whiteIn(0, 4)).toBe(0);
  }, 120_000);
});
