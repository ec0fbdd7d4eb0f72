import type { AnalysisRanges } from '@filmroom/contract';
import type { Track } from '@filmroom/vision';
import { eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { squatsScan } from '@filmroom/coach/testing';
import { describe, expect, it } from 'vitest';
import { registerAccount } from '../../../test/accounts';
import { storeScan as storeScan_ } from '../../../test/scans';
import { addAcceptedStudent } from '../../../test/roster';
import { useTestApp } from '../../../test/test-app';
import { uploadVideo } from '../../../test/uploads';
import { analysisRanges, userPhotos, users, videoShares } from '../../db/schema';
import { profilePhotoKey } from '../users/profile-photos';

const ctx = useTestApp();

const storeScan = (videoId: string, tracks: Track[]) =>
  storeScan_(ctx.runtime.deps.blobs, videoId, tracks);

// A face embedding as a profile photo stores it. The routes are tested here with the same
// embedding on both sides; face-threshold.test.ts measures real faces.
const joFace = Array.from({ length: 1024 }, (_, i) => Math.sin(i + 1));

const joFacingCamera: Track = {
  id: 1,
  samples: Array.from({ length: 20 }, (_, i) => ({
    t: i / 5,
    box: [0.3, 0.2, 0.3, 0.7] as [number, number, number, number],
    score: 0.72,
    keypoints: [],
    ...(i === 0 ? { face: { box: [0.4, 0.2, 0.1, 0.1], score: 0.9, embedding: joFace } } : {}),
  })),
};

async function coachWithVideo({ accepted = true } = {}) {
  const coach = await registerAccount(ctx.app, { isCoach: true, name: 'Coach Kay' });
  const athlete = await registerAccount(ctx.app, { name: 'Jo Kim' });
  const { db } = ctx.database;
  // Number 23 on the profile: no number is read from video, so it names nobody by itself.
  await db.update(users).set({ playerNumber: 23 }).where(eq(users.id, athlete.user.id));
  const photoId = randomUUID();
  const blobKey = profilePhotoKey(athlete.user.id, photoId);
  await db
    .insert(userPhotos)
    .values({ id: photoId, userId: athlete.user.id, blobKey, faceEmbedding: joFace });
  if (accepted) {
    await addAcceptedStudent(ctx.app, coach, athlete);
  } else {
    const invited = await ctx.app.inject({
      method: 'POST',
      url: '/api/coach/students',
      headers: { cookie: coach.cookie },
      payload: { email: athlete.username },
    });
    expect(invited.json()).toMatchObject({ status: 'pending' });
  }
  const video = await uploadVideo(ctx.app, coach.cookie);
  return { coach, athlete, video, photoUrl: `/uploads/${blobKey}` };
}

describe('POST /api/videos/:id/detect-players', () => {
  it("matches the people in the scan to the owner's athletes, for editors only", async () => {
    const { coach, athlete, video } = await coachWithVideo();
    const detect = (cookie?: string) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/videos/${video.id}/detect-players`,
        headers: cookie ? { cookie } : {},
      });

    const early = await detect(coach.cookie);
    expect(early.statusCode).toBe(409);

    await storeScan(video.id, [joFacingCamera]);
    const response = await detect(coach.cookie);
    expect(response.statusCode).toBe(200);
    const { playerDetections } = response.json();
    expect(playerDetections.length).toBeGreaterThanOrEqual(7);
    expect(playerDetections[0]).toMatchObject({
      timestamp: 0,
      playerMatchId: athlete.user.id,
      jerseyNumber: null,
      faceDetected: true,
    });
    expect(playerDetections[1]).toMatchObject({
      playerMatchId: athlete.user.id,
      faceDetected: false,
    });
    expect(playerDetections[0].confidence).toBeGreaterThan(0.5);

    const viewer = await registerAccount(ctx.app);
    await ctx.database.db.insert(videoShares).values({
      videoId: video.id,
      sharedWithEmail: viewer.username,
      accessLevel: 'view',
      sharedById: coach.user.id,
    });
    expect((await detect(viewer.cookie)).statusCode).toBe(403);
    expect((await detect((await registerAccount(ctx.app)).cookie)).statusCode).toBe(404);
    expect((await detect()).statusCode).toBe(401);

    // The detections are part of the video's analysis now.
    const detail = await ctx.app.inject({
      url: `/api/videos/${video.id}`,
      headers: { cookie: viewer.cookie },
    });
    expect(detail.json().analysisState).toMatchObject({ id: video.id });
  });
});

describe('an athlete who has not accepted the invitation', () => {
  it("is not matched in the coach's videos, and their name and photos stay hidden", async () => {
    const { coach, athlete, video, photoUrl } = await coachWithVideo({ accepted: false });
    await storeScan(video.id, [joFacingCamera]);
    const detect = await ctx.app.inject({
      method: 'POST',
      url: `/api/videos/${video.id}/detect-players`,
      headers: { cookie: coach.cookie },
    });
    expect(detect.statusCode).toBe(200);
    const ids = detect
      .json()
      .playerDetections.map((d: { playerMatchId: string | null }) => d.playerMatchId);
    expect(ids).not.toContain(athlete.user.id);
    const player = await ctx.app.inject({
      url: `/api/players/${athlete.user.id}`,
      headers: { cookie: coach.cookie },
    });
    expect(player.statusCode).toBe(404);
    const photo = await ctx.app.inject({ url: photoUrl, headers: { cookie: coach.cookie } });
    expect(photo.statusCode).toBe(404);
    expect(detect.body).not.toContain('Jo Kim');
  });
});

describe('GET /api/players/:playerMatchId', () => {
  it('names a player to people who may know them, and to nobody else', async () => {
    const { coach, athlete, video, photoUrl } = await coachWithVideo();
    await storeScan(video.id, [joFacingCamera]);
    await ctx.app.inject({
      method: 'POST',
      url: `/api/videos/${video.id}/detect-players`,
      headers: { cookie: coach.cookie },
    });
    const viewer = await registerAccount(ctx.app);
    await ctx.database.db.insert(videoShares).values({
      videoId: video.id,
      sharedWithEmail: viewer.username,
      accessLevel: 'view',
      sharedById: coach.user.id,
    });
    const player = (cookie: string, id = athlete.user.id) =>
      ctx.app.inject({ url: `/api/players/${id}`, headers: { cookie } });

    for (const cookie of [coach.cookie, athlete.cookie, viewer.cookie]) {
      const response = await player(cookie);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ name: 'Jo Kim', photoUrl });
    }
    const stranger = await registerAccount(ctx.app);
    expect((await player(stranger.cookie)).statusCode).toBe(404);
    expect((await player(coach.cookie, randomUUID())).statusCode).toBe(404);
    const bad = await player(coach.cookie, 'nope');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'Player id must be a UUID' });
  });
});

describe('a player found in an analysed range of a long video', () => {
  it("is listed with the range and named to the video's viewers once the range is ready; strangers learn nothing", async () => {
    const { coach, athlete, video, photoUrl } = await coachWithVideo();
    const viewer = await registerAccount(ctx.app);
    const stranger = await registerAccount(ctx.app);
    const { db } = ctx.database;
    await db.insert(videoShares).values({
      videoId: video.id,
      sharedWithEmail: viewer.username,
      accessLevel: 'view',
      sharedById: coach.user.id,
    });
    const rangeId = randomUUID();
    const detection = {
      timestamp: 3,
      playerMatchId: athlete.user.id,
      confidence: 0.9,
      jerseyNumber: null,
      jerseyColor: null,
      faceDetected: true,
      rangeId,
    };
    // Analysed once and being analysed again: its earlier detections are not on show meanwhile.
    await db.insert(analysisRanges).values({
      id: rangeId,
      videoId: video.id,
      startSeconds: 2,
      endSeconds: 5,
      status: 'scanning',
      textAnalysis: 'Earlier reading',
      playerDetections: [detection],
    });
    const player = (cookie: string) =>
      ctx.app.inject({ url: `/api/players/${athlete.user.id}`, headers: { cookie } });
    expect((await player(viewer.cookie)).statusCode).toBe(404);

    await db
      .update(analysisRanges)
      .set({ status: 'ready', progress: 100 })
      .where(eq(analysisRanges.id, rangeId));
    const listed = await ctx.app.inject({
      url: `/api/videos/${video.id}/analysis-ranges`,
      headers: { cookie: viewer.cookie },
    });
    expect(listed.statusCode).toBe(200);
    expect(listed.json<AnalysisRanges>().ranges[0]).toMatchObject({
      id: rangeId,
      start: 2,
      end: 5,
      analysis: { playerDetections: [detection] },
    });
    const named = await player(viewer.cookie);
    expect(named.statusCode).toBe(200);
    expect(named.json()).toEqual({ name: 'Jo Kim', photoUrl });

    const unseen = await ctx.app.inject({
      url: `/api/videos/${video.id}/analysis-ranges`,
      headers: { cookie: stranger.cookie },
    });
    expect(unseen.statusCode).toBe(404);
    expect((await player(stranger.cookie)).statusCode).toBe(404);
  });
});

describe('athletes named in the analysis', () => {
  it('names an athlete only on face evidence, and again after Detect Players', async () => {
    const { coach, video } = await coachWithVideo();
    // The real squats clip's athlete, with no face seen: nobody is named.
    const [squatter] = squatsScan().tracks as Track[];
    await storeScan(video.id, [squatter!]);
    const regenerate = await ctx.app.inject({
      method: 'POST',
      url: `/api/videos/${video.id}/regenerate`,
      headers: { cookie: coach.cookie },
      payload: {},
    });
    expect(regenerate.statusCode).toBe(200);
    expect(regenerate.json().athletes[0]).toMatchObject({
      name: expect.stringMatching(/^Athlete 1\b/),
      playerMatchId: null,
      movement: 'squat',
    });

    // Jo's face seen on the same athlete: Detect Players writes the reading again, named.
    const withFace: Track = {
      ...squatter!,
      samples: squatter!.samples.map((sample, i) =>
        i === 0
          ? { ...sample, face: { box: [0.4, 0.2, 0.1, 0.1], score: 0.9, embedding: joFace } }
          : sample,
      ),
    };
    await storeScan(video.id, [withFace]);
    const detect = await ctx.app.inject({
      method: 'POST',
      url: `/api/videos/${video.id}/detect-players`,
      headers: { cookie: coach.cookie },
    });
    expect(detect.statusCode).toBe(200);
    const detail = await ctx.app.inject({
      url: `/api/videos/${video.id}`,
      headers: { cookie: coach.cookie },
    });
    expect(detail.json().analysis.athletes[0]).toMatchObject({ name: 'Jo Kim', movement: 'squat' });
  });
});
