import { JERSEY_COLORS, detectPeopleInImage, type Track } from '@filmroom/vision';
import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { registerAccount } from '../../../test/accounts';
import { storeScan } from '../../../test/scans';
import { useTestApp } from '../../../test/test-app';
import { fixture, uploadVideo } from '../../../test/uploads';
import { coachStudents, jerseyColors } from '../../db/schema';
import { chooseJerseyColors } from '../users/jersey-colors';
import { addProfilePhoto } from '../users/profile-photos';
import { identifyPeople } from './player-service';

const ctx = useTestApp();

const hex = (rgb: readonly number[]) =>
  `#${rgb.map((channel) => channel.toString(16).padStart(2, '0')).join('')}`;

/** A person tracked for two seconds, with the evidence the test gives them. */
function trackWith(evidence: Pick<Track, 'jerseyColor'> & { id?: number; face?: number[] }): Track {
  return {
    id: evidence.id ?? 1,
    ...(evidence.jerseyColor ? { jerseyColor: evidence.jerseyColor } : {}),
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
      .values({ coachId: coach.user.id, studentId: athlete.user.id, status: 'accepted' });
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
    // His face in another photo, as the scan sees a face: in a 640 px frame, the head cropped.
    const { people } = await detectPeopleInImage(fixture('images/face_obama_2.jpg'), {
      maxWidth: 640,
    });
    sameManInVideo = people.find((person) => person.face?.embedding)!.face!.embedding!;
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

  it('names nobody by shirt colour alone: not the coach who ticked White, not an athlete in Red', async () => {
    const { coach, athletes, video, detect } = await coachWithAthletes(1);
    const [athlete] = athletes as [(typeof athletes)[0]];
    const colour = (name: string) => JERSEY_COLORS.findIndex((c) => c.name === name) + 1;
    await chooseJerseyColors(ctx.database.db, coach.user.id, [colour('White')]);
    await chooseJerseyColors(ctx.database.db, athlete.user.id, [colour('Red'), colour('Navy')]);
    // A girl in white and someone in red, backs to the camera: no face, only their shirts.
    const inWhite = trackWith({ id: 1, jerseyColor: { name: 'White', confidence: 0.68 } });
    const inRed = trackWith({ id: 2, jerseyColor: { name: 'Red', confidence: 0.95 } });
    await storeScan(ctx.runtime.deps.blobs, video.id, [inWhite, inRed]);

    const detections = await detect();
    expect(detections.length).toBeGreaterThan(0);
    for (const detection of detections) {
      expect(detection.playerMatchId).toBeNull();
      // Unidentified: how sure the detector is that a person is there, not a naming score.
      expect(detection.confidence).toBe(0.8);
    }
    expect(await identifyPeople(ctx.database.db, video.id, { tracks: [inWhite, inRed] })).toEqual(
      new Map(),
    );

    const profile = await ctx.app.inject({ url: '/api/user', headers: { cookie: athlete.cookie } });
    expect(profile.json().jerseyColors).toEqual([
      { id: colour('Red'), color: 'Red' },
      { id: colour('Navy'), color: 'Navy' },
    ]);
  });

  it('lets the shirt colour support a face, and tells the analysis who each identified track is', async () => {
    const { athletes, video, detect } = await coachWithAthletes(1);
    const [athlete] = athletes as [(typeof athletes)[0]];
    await addProfilePhoto(
      ctx.runtime.deps,
      athlete.user.id,
      await readFile(fixture('images/face_obama_1.jpg')),
    );
    const him = trackWith({ id: 7, face: sameManInVideo });
    const stranger = trackWith({ id: 8, jerseyColor: { name: 'Red', confidence: 0.9 } });
    await storeScan(ctx.runtime.deps.blobs, video.id, [him, stranger]);
    const plain = (await detect()).find((d) => d.playerMatchId === athlete.user.id)!;
    expect(plain.confidence).toBeGreaterThanOrEqual(0.6);

    const red = JERSEY_COLORS.findIndex((c) => c.name === 'Red') + 1;
    await chooseJerseyColors(ctx.database.db, athlete.user.id, [red]);
    const himInRed = { ...him, jerseyColor: { name: 'Red', confidence: 0.9 } };
    await storeScan(ctx.runtime.deps.blobs, video.id, [himInRed, stranger]);
    const detections = await detect();
    const named = detections.filter((d) => d.playerMatchId === athlete.user.id);
    expect(named.length).toBeGreaterThan(0);
    expect(named[0]!.confidence).toBeGreaterThan(plain.confidence);
    expect(named[0]!.confidence).toBeLessThanOrEqual(0.95);
    // The stranger in the same Red is still nobody.
    expect(detections.filter((d) => d.playerMatchId === null).length).toBeGreaterThan(0);

    const people = await identifyPeople(ctx.database.db, video.id, {
      tracks: [himInRed, stranger],
    });
    expect(people).toEqual(new Map([[7, { name: 'Athlete 1', playerMatchId: athlete.user.id }]]));
  });
});
