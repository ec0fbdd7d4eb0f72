import type { PlayerDetection } from '@filmroom/contract';
import type { Track } from '@filmroom/vision';
import { describe, expect, it } from 'vitest';
import { registerAccount } from '../../../test/accounts';
import { addAcceptedStudent } from '../../../test/roster';
import { storeScan as storeScan_ } from '../../../test/scans';
import { useTestApp } from '../../../test/test-app';
import { uploadVideo } from '../../../test/uploads';
import { videoShares } from '../../db/schema';

const ctx = useTestApp();

// Two people side by side with no face on record: nobody can be named on evidence.
const person = (id: number, x: number): Track => ({
  id,
  samples: Array.from({ length: 10 }, (_, i) => ({
    t: i / 5,
    box: [x, 0.2, 0.2, 0.7] as [number, number, number, number],
    score: 0.8,
    keypoints: [],
  })),
});

async function coachWithTwoPeople() {
  const coach = await registerAccount(ctx.app, { isCoach: true, name: 'Coach Kay' });
  const athlete = await registerAccount(ctx.app, { name: 'Jo Kim' });
  await addAcceptedStudent(ctx.app, coach, athlete);
  const video = await uploadVideo(ctx.app, coach.cookie);
  await storeScan_(ctx.runtime.deps.blobs, video.id, [person(0, 0.1), person(1, 0.6)]);
  return { coach, athlete, video };
}

const detect = (videoId: string, cookie: string) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/videos/${videoId}/detect-players`,
    headers: { cookie },
  });

const name = (videoId: string, cookie: string | undefined, payload: object) =>
  ctx.app.inject({
    method: 'PUT',
    url: `/api/videos/${videoId}/player-identification`,
    headers: cookie ? { cookie } : {},
    payload,
  });

describe('naming a detected person by hand', () => {
  it('names the clicked track now and after the next Detect Players, and can take it back', async () => {
    const { coach, athlete, video } = await coachWithTwoPeople();
    const first = (await detect(video.id, coach.cookie)).json().playerDetections;
    expect(first.every((d: PlayerDetection) => d.playerMatchId === null)).toBe(true);
    const clicked = first.find((d: PlayerDetection) => d.trackId === 1 && d.timestamp > 0.5);

    const named = await name(video.id, coach.cookie, {
      trackId: 1,
      timestamp: clicked.timestamp,
      box: clicked.box,
      playerId: athlete.user.id,
    });
    expect(named.statusCode).toBe(200);
    const now: PlayerDetection[] = named.json().playerDetections;
    // The whole track takes the name, the other person stays unknown.
    for (const d of now) {
      expect(d.playerMatchId).toBe(d.trackId === 1 ? athlete.user.id : null);
    }
    expect(now.find((d) => d.trackId === 1)).toMatchObject({
      identifiedBy: 'coach',
      confidence: 1,
    });

    const again: PlayerDetection[] = (await detect(video.id, coach.cookie)).json().playerDetections;
    expect(again.filter((d) => d.playerMatchId === athlete.user.id).map((d) => d.trackId)).toEqual(
      again.filter((d) => d.trackId === 1).map(() => 1),
    );

    // Taken back: nobody again, also after the next detection.
    const unnamed = await name(video.id, coach.cookie, {
      trackId: 1,
      timestamp: clicked.timestamp,
      box: clicked.box,
      playerId: null,
    });
    expect(unnamed.statusCode).toBe(200);
    const after: PlayerDetection[] = (await detect(video.id, coach.cookie)).json().playerDetections;
    expect(after.every((d) => d.playerMatchId === null)).toBe(true);
  });

  it('lists the candidates and refuses strangers, viewers and detections that are not there', async () => {
    const { coach, athlete, video } = await coachWithTwoPeople();
    const [clicked] = (await detect(video.id, coach.cookie)).json().playerDetections;
    const body = { trackId: clicked.trackId, timestamp: clicked.timestamp, box: clicked.box };

    const candidates = await ctx.app.inject({
      url: `/api/videos/${video.id}/player-candidates`,
      headers: { cookie: coach.cookie },
    });
    expect(candidates.statusCode).toBe(200);
    expect(candidates.json()).toEqual([
      { id: coach.user.id, name: 'Coach Kay' },
      { id: athlete.user.id, name: 'Jo Kim' },
    ]);

    const stranger = await registerAccount(ctx.app, { name: 'Stranger' });
    const notAnAthlete = await name(video.id, coach.cookie, {
      ...body,
      playerId: stranger.user.id,
    });
    expect(notAnAthlete.statusCode).toBe(400);
    expect(notAnAthlete.json().message).toMatch(/owner's athletes/);
    const elsewhere = await name(video.id, coach.cookie, {
      ...body,
      box: [0.9, 0.9, 0.05, 0.05],
      playerId: athlete.user.id,
    });
    expect(elsewhere.statusCode).toBe(400);
    expect((await name(video.id, coach.cookie, { ...body, playerId: 'jo' })).statusCode).toBe(400);

    const viewer = await registerAccount(ctx.app);
    await ctx.database.db.insert(videoShares).values({
      videoId: video.id,
      sharedWithEmail: viewer.username,
      accessLevel: 'view',
      sharedById: coach.user.id,
    });
    const asViewer = { ...body, playerId: athlete.user.id };
    expect((await name(video.id, viewer.cookie, asViewer)).statusCode).toBe(403);
    expect((await name(video.id, stranger.cookie, asViewer)).statusCode).toBe(404);
    expect((await name(video.id, undefined, asViewer)).statusCode).toBe(401);
    const candidatesAsViewer = await ctx.app.inject({
      url: `/api/videos/${video.id}/player-candidates`,
      headers: { cookie: viewer.cookie },
    });
    expect(candidatesAsViewer.statusCode).toBe(403);
  });
});
