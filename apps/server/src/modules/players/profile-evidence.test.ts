import { JERSEY_COLORS, faceEmbedding, type Track } from '@filmroom/vision';
import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { registerAccount } from '../../../test/accounts';
import { storeScan } from '../../../test/scans';
import { useTestApp } from '../../../test/test-app';
import { fixture, uploadVideo } from '../../../test/uploads';
import { coachStudents, jerseyColors } from '../../db/schema';
import { chooseJerseyColors } from '../users/jersey-colors';
import { addProfilePhoto } from '../users/profile-photos';

const ctx = useTestApp();

const hex = (rgb: readonly number[]) =>
  `#${rgb.map((channel) => channel.toString(16).padStart(2, '0')).join('')}`;

/** A person tracked for two seconds, with the evidence the test gives them. */
function trackWith(evidence: Pick<Track, 'jerseyColor'> & { face?: number[] }): Track {
  return {
    id: 1,
    jerseyColor: evidence.jerseyColor,
    samples: Array.from({ length: 10 }, (_, i) => ({
      t: i / 5,
      box: [0.3, 0.2, 0.3, 0.7] as [number, number, number, number],
      score: 0.8,
      keypoints: [],
      // The scan keeps embeddings only for a track's best faces: one here.
      ...(evidence.face && i === 3
        ? {
            face: {
              box: [0.4, 0.2, 0.1, 0.1] as [number, number, number, number],
              score: 0.9,
              embedding: evidence.face,
            },
          }
        : {}),
    })),
  };
}

async function coachWithAthletes(count: number) {
  const coach = await registerAccount(ctx.app, { isCoach: true, name: 'Coach Kay' });
  const athletes = [];
  for (let i = 0; i < count; i += 1) {
    const athlete = await registerAccount(ctx.app, { name: `Athlete ${i + 1}` });
    await ctx.database.db
      .insert(coachStudents)
      .values({ coachId: coach.user.id, studentId: athlete.user.id });
    athletes.push(athlete);
  }
  const video = await uploadVideo(ctx.app, coach.cookie);
  const detect = async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/videos/${video.id}/detect-players`,
      headers: { cookie: coach.cookie },
    });
    expect(response.statusCode).toBe(200);
    return response.json().playerDetections as {
      playerMatchId: string | null;
      confidence: number;
      faceDetected: boolean;
    }[];
  };
  return { coach, athletes, video, detect };
}

describe('jersey colour options', () => {
  it('are the colours the vision scan names shirts with', async () => {
    const rows = await ctx.database.db.select().from(jerseyColors).orderBy(jerseyColors.id);
    expect(rows.map((row) => ({ color: row.color, swatch: row.swatch }))).toEqual(
      JERSEY_COLORS.map((colour) => ({ color: colour.name, swatch: hex(colour.rgb) })),
    );
  });
});

describe('profile evidence in player detection', () => {
  let sameManInVideo: number[];
  beforeAll(async () => {
    const face = await faceEmbedding(await readFile(fixture('images/face_obama_2.jpg')));
    sameManInVideo = face!.embedding!;
  });

  it('recognises an athlete by the face in their profile photo, and serves the photo to their coach only', async () => {
    const { coach, athletes, video, detect } = await coachWithAthletes(2);
    const [man, other] = athletes as [(typeof athletes)[0], (typeof athletes)[0]];
    const deps = ctx.runtime.deps;
    const photo = await addProfilePhoto(
      deps,
      man.user.id,
      await readFile(fixture('images/face_obama_1.jpg')),
    );
    expect(photo.faceEmbedding).toHaveLength(1024);
    await addProfilePhoto(deps, other.user.id, await readFile(fixture('images/three_people.jpg')));

    await storeScan(deps.blobs, video.id, [trackWith({ face: sameManInVideo })]);
    const detections = await detect();
    expect(detections.length).toBeGreaterThan(0);
    expect(new Set(detections.map((d) => d.playerMatchId))).toEqual(new Set([man.user.id]));
    expect(detections[0]!.confidence).toBeGreaterThan(0.5);

    // The profile shows the photo, which is also the avatar and the player's picture.
    const profile = await ctx.app.inject({ url: '/api/user', headers: { cookie: man.cookie } });
    const url = `/uploads/users/${man.user.id}/photos/${photo.id}.jpg`;
    expect(profile.json()).toMatchObject({ photos: [{ id: photo.id, url }], avatarUrl: url });
    const player = await ctx.app.inject({
      url: `/api/players/${man.user.id}`,
      headers: { cookie: coach.cookie },
    });
    expect(player.json()).toEqual({ name: 'Athlete 1', photoUrl: url });

    const asCoach = await ctx.app.inject({ url, headers: { cookie: coach.cookie } });
    expect(asCoach.statusCode).toBe(200);
    expect(asCoach.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    const stranger = await registerAccount(ctx.app);
    const asStranger = await ctx.app.inject({ url, headers: { cookie: stranger.cookie } });
    expect(asStranger.statusCode).toBe(404);
    expect((await ctx.app.inject({ url })).statusCode).toBe(401);
  });

  it('takes a chosen shirt colour as weak evidence, and names nobody when two athletes share it', async () => {
    const { athletes, video, detect } = await coachWithAthletes(2);
    const [first, second] = athletes as [(typeof athletes)[0], (typeof athletes)[0]];
    const red = JERSEY_COLORS.findIndex((colour) => colour.name === 'Red') + 1;
    const navy = JERSEY_COLORS.findIndex((colour) => colour.name === 'Navy') + 1;
    await chooseJerseyColors(ctx.database.db, first.user.id, [red, navy]);
    await chooseJerseyColors(ctx.database.db, second.user.id, [navy]);
    await storeScan(ctx.runtime.deps.blobs, video.id, [
      trackWith({ jerseyColor: { name: 'Red', confidence: 0.9 } }),
    ]);

    const byColour = await detect();
    expect(new Set(byColour.map((d) => d.playerMatchId))).toEqual(new Set([first.user.id]));
    // A colour alone is weak: the Players tab shows it in the destructive band.
    expect(byColour[0]!.confidence).toBeLessThan(0.6);

    const profile = await ctx.app.inject({ url: '/api/user', headers: { cookie: first.cookie } });
    expect(profile.json().jerseyColors).toEqual([
      { id: red, color: 'Red' },
      { id: navy, color: 'Navy' },
    ]);

    await chooseJerseyColors(ctx.database.db, second.user.id, [red]);
    const tied = await detect();
    expect(tied.every((d) => d.playerMatchId === null)).toBe(true);
  });
});
