import { golfReading } from '@filmroom/coach/testing';
import type { Analysis, VideoDetail } from '@filmroom/contract';
import { eq } from 'drizzle-orm';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { registerAccount } from '../../../test/accounts';
import { insertAnalysedSquats } from '../../../test/chat';
import { useTestApp } from '../../../test/test-app';
import { insertReadyVideo } from '../../../test/videos';
import { analyses, videoShares, videos } from '../../db/schema';
import { coachOptions } from './generate-analysis';
import { scanKey } from './scan-keys';

// Regenerate with a movement or slow-motion factor, and the analysis view's athletes, movement
// and timing. The coach step runs for real on the stored scan of the squats clip (no vision).
const ctx = useTestApp();

type Account = Awaited<ReturnType<typeof registerAccount>>;

const regenerate = (cookie: string | undefined, videoId: string, payload: object) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/videos/${videoId}/regenerate`,
    headers: cookie ? { cookie } : {},
    payload,
  });

async function coachSettings(videoId: string) {
  const [row] = await ctx.database.db
    .select({
      movement: videos.movement,
      slowMotionFactor: videos.slowMotionFactor,
      slowMotionSource: videos.slowMotionSource,
    })
    .from(videos)
    .where(eq(videos.id, videoId));
  return row!;
}

async function shareWith(videoId: string, owner: Account, level: 'view' | 'edit') {
  const sharee = await registerAccount(ctx.app);
  await ctx.database.db.insert(videoShares).values({
    videoId,
    sharedWithEmail: sharee.username,
    accessLevel: level,
    sharedById: owner.user.id,
  });
  return sharee;
}

async function detail(cookie: string, videoId: string) {
  const response = await ctx.app.inject({ url: `/api/videos/${videoId}`, headers: { cookie } });
  expect(response.statusCode).toBe(200);
  return response.json<VideoDetail>();
}

describe('POST /api/videos/:id/regenerate with a movement', () => {
  it('keeps the chosen movement on the video before the coach reads the clip again', async () => {
    const owner = await registerAccount(ctx.app);
    const videoId = await insertAnalysedSquats(ctx.runtime.deps, owner.user.id);
    expect((await detail(owner.cookie, videoId)).analysis?.movement).toBe('auto');

    const response = await regenerate(owner.cookie, videoId, { movement: 'golf_swing' });
    expect(response.statusCode).toBe(200);
    const analysis = response.json<Analysis>();
    expect(analysis.movement).toBe('golf_swing');
    expect(analysis.athletes).toEqual(expect.any(Array));
    expect(analysis.timing).toEqual({ slowMotionFactor: null, source: null });
    expect((await coachSettings(videoId)).movement).toBe('golf_swing');
    // What the coach engine is given for this video from now on, here and in the job.
    expect(await coachOptions(ctx.database.db, videoId, '')).toMatchObject({
      movement: 'golf_swing',
    });
    expect((await detail(owner.cookie, videoId)).analysis?.movement).toBe('golf_swing');

    // Instructions alone keep the movement; auto hands recognition back to the engine.
    const steered = await regenerate(owner.cookie, videoId, { instructions: 'Shorter' });
    expect(steered.json<Analysis>().movement).toBe('golf_swing');
    const auto = await regenerate(owner.cookie, videoId, { movement: 'auto' });
    expect(auto.statusCode).toBe(200);
    expect(auto.json<Analysis>().movement).toBe('auto');
    expect((await coachSettings(videoId)).movement).toBeNull();
  });

  it('lets an edit sharee choose; a view sharee gets 403, a stranger 404, and nothing changes', async () => {
    const owner = await registerAccount(ctx.app);
    const videoId = await insertAnalysedSquats(ctx.runtime.deps, owner.user.id);
    const viewer = await shareWith(videoId, owner, 'view');
    const editor = await shareWith(videoId, owner, 'edit');
    const stranger = await registerAccount(ctx.app);

    const refused = await regenerate(viewer.cookie, videoId, { movement: 'running' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/view access/);
    expect((await regenerate(stranger.cookie, videoId, { movement: 'running' })).statusCode).toBe(
      404,
    );
    expect((await regenerate(undefined, videoId, { movement: 'running' })).statusCode).toBe(401);
    const slowRefused = await regenerate(viewer.cookie, videoId, { slowMotionFactor: 4 });
    expect(slowRefused.statusCode).toBe(403);
    expect(await coachSettings(videoId)).toEqual({
      movement: null,
      slowMotionFactor: null,
      slowMotionSource: null,
    });

    const chosen = await regenerate(editor.cookie, videoId, { movement: 'running' });
    expect(chosen.statusCode).toBe(200);
    expect((await coachSettings(videoId)).movement).toBe('running');
    // The view sharee sees what the editor chose.
    expect((await detail(viewer.cookie, videoId)).analysis?.movement).toBe('running');
  });

  it.each([
    [{ movement: 'curling' }, /^Movement must be auto or one of: squat, lunge, .*general$/],
    [{ movement: '' }, /^Movement must be auto or one of: /],
    [{ movement: 7 }, /^Movement must be auto or one of: /],
    [{ slowMotionFactor: 0.5 }, /^Slow-motion factor must be at least 1$/],
    [{ slowMotionFactor: 64 }, /^Slow-motion factor must be at most 32$/],
    [{ slowMotionFactor: '4' }, /^Slow-motion factor must be a number$/],
  ])('refuses %j with 400 naming the field, and changes nothing', async (payload, message) => {
    const owner = await registerAccount(ctx.app);
    const videoId = await insertAnalysedSquats(ctx.runtime.deps, owner.user.id);
    const response = await regenerate(owner.cookie, videoId, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(message);
    expect(await coachSettings(videoId)).toEqual({
      movement: null,
      slowMotionFactor: null,
      slowMotionSource: null,
    });
  });

  it('answers 409 before the clip has been measured and keeps the movement as it was', async () => {
    const owner = await registerAccount(ctx.app);
    const videoId = await insertReadyVideo(ctx.runtime.deps, owner.user.id);
    const response = await regenerate(owner.cookie, videoId, { movement: 'squat' });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toMatch(/still being analysed/);
    expect((await coachSettings(videoId)).movement).toBeNull();
  });

  it('puts the settings back when the new reading fails', async () => {
    const owner = await registerAccount(ctx.app);
    const videoId = await insertAnalysedSquats(ctx.runtime.deps, owner.user.id);
    await regenerate(owner.cookie, videoId, { movement: 'squat', slowMotionFactor: 2 });
    // A scan that cannot be read: the coach step throws after the settings were stored.
    await ctx.runtime.deps.blobs.write(scanKey(videoId), Readable.from([Buffer.from('not gzip')]));

    const response = await regenerate(owner.cookie, videoId, {
      movement: 'golf_swing',
      slowMotionFactor: 8,
    });
    expect(response.statusCode).toBe(500);
    expect(await coachSettings(videoId)).toEqual({
      movement: 'squat',
      slowMotionFactor: 2,
      slowMotionSource: 'coach',
    });
  });
});

describe('POST /api/videos/:id/regenerate with a slow-motion factor', () => {
  it("keeps the coach's factor, and null goes back to what the file says", async () => {
    const owner = await registerAccount(ctx.app);
    const videoId = await insertAnalysedSquats(ctx.runtime.deps, owner.user.id);

    const slow = await regenerate(owner.cookie, videoId, { slowMotionFactor: 4 });
    expect(slow.statusCode).toBe(200);
    expect(slow.json<Analysis>().timing).toEqual({ slowMotionFactor: 4, source: 'coach' });
    expect(await coachOptions(ctx.database.db, videoId, '')).toMatchObject({
      slowMotionFactor: 4,
    });
    expect((await detail(owner.cookie, videoId)).analysis?.timing).toEqual({
      slowMotionFactor: 4,
      source: 'coach',
    });

    // A movement alone keeps the factor.
    const moved = await regenerate(owner.cookie, videoId, { movement: 'squat' });
    expect(moved.json<Analysis>().timing).toEqual({ slowMotionFactor: 4, source: 'coach' });

    const realTime = await regenerate(owner.cookie, videoId, { slowMotionFactor: 1 });
    expect(realTime.json<Analysis>().timing).toEqual({ slowMotionFactor: 1, source: 'coach' });

    const cleared = await regenerate(owner.cookie, videoId, { slowMotionFactor: null });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json<Analysis>().timing).toEqual({ slowMotionFactor: null, source: null });
    expect(await coachSettings(videoId)).toMatchObject({
      slowMotionFactor: null,
      slowMotionSource: null,
    });
  });

  it("leaves a factor read from the file's metadata when the coach asks for what the file says", async () => {
    const owner = await registerAccount(ctx.app);
    const videoId = await insertAnalysedSquats(ctx.runtime.deps, owner.user.id);
    await ctx.database.db
      .update(videos)
      .set({ slowMotionFactor: 4, slowMotionSource: 'container' })
      .where(eq(videos.id, videoId));

    const response = await regenerate(owner.cookie, videoId, { slowMotionFactor: null });
    expect(response.statusCode).toBe(200);
    expect(response.json<Analysis>().timing).toEqual({ slowMotionFactor: 4, source: 'container' });
  });
});

describe('the analysis view', () => {
  it("shows the athletes' readings, the chosen movement and the timing; no readings is []", async () => {
    const owner = await registerAccount(ctx.app);
    const viewer = await registerAccount(ctx.app);
    const videoId = await insertAnalysedSquats(ctx.runtime.deps, owner.user.id);
    await ctx.database.db.insert(videoShares).values({
      videoId,
      sharedWithEmail: viewer.username,
      accessLevel: 'view',
      sharedById: owner.user.id,
    });

    await ctx.database.db
      .update(analyses)
      .set({ athletes: null })
      .where(eq(analyses.videoId, videoId));
    expect((await detail(owner.cookie, videoId)).analysis).toMatchObject({
      athletes: [],
      movement: 'auto',
      timing: { slowMotionFactor: null, source: null },
    });

    await ctx.database.db
      .update(analyses)
      .set({ athletes: [golfReading()] })
      .where(eq(analyses.videoId, videoId));
    await ctx.database.db
      .update(videos)
      .set({ movement: 'golf_swing', slowMotionFactor: 4, slowMotionSource: 'container' })
      .where(eq(videos.id, videoId));
    for (const cookie of [owner.cookie, viewer.cookie]) {
      expect((await detail(cookie, videoId)).analysis).toMatchObject({
        athletes: [golfReading()],
        movement: 'golf_swing',
        timing: { slowMotionFactor: 4, source: 'container' },
      });
    }
  });

  it('shows a slow-motion factor read from the movement when nobody declared one, and the declared one over it', async () => {
    const owner = await registerAccount(ctx.app);
    const videoId = await insertAnalysedSquats(ctx.runtime.deps, owner.user.id);
    await ctx.database.db
      .update(analyses)
      .set({ athletes: [{ ...golfReading(), detectedSlowMotion: 5.5 }] })
      .where(eq(analyses.videoId, videoId));
    expect((await detail(owner.cookie, videoId)).analysis!.timing).toEqual({
      slowMotionFactor: 5.5,
      source: 'detected',
    });
    await ctx.database.db
      .update(videos)
      .set({ slowMotionFactor: 4, slowMotionSource: 'coach' })
      .where(eq(videos.id, videoId));
    expect((await detail(owner.cookie, videoId)).analysis!.timing).toEqual({
      slowMotionFactor: 4,
      source: 'coach',
    });
  });

  it('is null until the coach engine has written the analysis, whatever the settings', async () => {
    const owner = await registerAccount(ctx.app);
    const videoId = await insertReadyVideo(ctx.runtime.deps, owner.user.id);
    await ctx.database.db.update(videos).set({ movement: 'lunge' }).where(eq(videos.id, videoId));
    expect((await detail(owner.cookie, videoId)).analysis).toBeNull();
  });
});
