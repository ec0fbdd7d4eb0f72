import { cosineSimilarity, detectPeopleInImage, faceEmbedding, type Track } from '@filmroom/vision';
import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { fixture } from '../../../test/uploads';
import { toProfileJpeg } from '../profile/photo-upload';
import { FACE_MATCH, identifyTrack, type Candidate } from './identify-players';

/** The one man photographed twice; every other face in the fixtures is someone else. */
const SAME_MAN = ['face_obama_1.jpg', 'face_obama_2.jpg'];
const OTHERS = [
  'three_people.jpg',
  'pose_yoga_single_person.jpg',
  'sport_baseball_pitch.jpg',
  'sport_tennis_forehand.jpg',
];

type Face = { photo: string; embedding: number[] };

/** A profile photo's face as an upload stores it: re-encoded, then its main face embedded. */
async function profileFace(photo: string): Promise<Face | undefined> {
  const jpeg = await toProfileJpeg(await readFile(fixture(`images/${photo}`)));
  const embedding = (await faceEmbedding(jpeg))?.embedding;
  return embedding ? { photo, embedding } : undefined;
}

/** The faces of a picture as a scan sees them: a 640 px frame, each person's head cropped. */
async function faceInFrame(photo: string): Promise<Face[]> {
  const { people } = await detectPeopleInImage(fixture(`images/${photo}`), { maxWidth: 640 });
  return people.flatMap((person) =>
    person.face?.embedding ? [{ photo, embedding: person.face.embedding }] : [],
  );
}

/** A person seen once, with this face (null: their back to the camera) and shirt colour. */
function trackOf(face: Face | null, jerseyColor?: Track['jerseyColor']): Track {
  return {
    id: 1,
    ...(jerseyColor ? { jerseyColor } : {}),
    samples: [
      {
        t: 0,
        box: [0.2, 0.1, 0.5, 0.9],
        score: 0.8,
        keypoints: [],
        ...(face
          ? { face: { box: [0.3, 0.1, 0.2, 0.2], score: 0.9, embedding: face.embedding } }
          : {}),
      },
    ],
  };
}

describe('the face threshold on real photos', () => {
  const profiles: Face[] = [];
  const inFrames: Face[] = [];
  beforeAll(async () => {
    for (const photo of [...SAME_MAN, ...OTHERS]) {
      const profile = await profileFace(photo);
      if (profile) profiles.push(profile);
      inFrames.push(...(await faceInFrame(photo)));
    }
  }, 120_000);

  const sameMan = (face: Face) => SAME_MAN.includes(face.photo);

  it('finds the faces it is about, and gives none too small to tell people apart', () => {
    expect(profiles.map((face) => face.photo)).toEqual([
      ...SAME_MAN,
      'three_people.jpg',
      'pose_yoga_single_person.jpg',
      // The baseball photo's only face is a batter's, about 23 px across: no evidence.
      'sport_tennis_forehand.jpg',
    ]);
    expect(inFrames.filter(sameMan)).toHaveLength(2);
    expect(inFrames.filter((face) => face.photo === 'three_people.jpg').length).toBeGreaterThan(1);
  });

  it('puts every other photo of the same man at or above it', () => {
    const pairs = profiles
      .filter(sameMan)
      .flatMap((profile) =>
        inFrames
          .filter((face) => sameMan(face) && face.photo !== profile.photo)
          .map((face) => cosineSimilarity(profile.embedding, face.embedding)),
      );
    expect(pairs).toHaveLength(2);
    for (const similarity of pairs) expect(similarity).toBeGreaterThanOrEqual(FACE_MATCH);
  });

  it('puts every pair of different people below it', () => {
    let pairs = 0;
    for (const profile of profiles) {
      for (const face of inFrames) {
        // A photo's own faces include the profile's owner (three_people.jpg: one of three).
        if (face.photo === profile.photo || (sameMan(profile) && sameMan(face))) continue;
        expect(
          cosineSimilarity(profile.embedding, face.embedding),
          `${profile.photo} vs ${face.photo}`,
        ).toBeLessThan(FACE_MATCH);
        pairs += 1;
      }
    }
    expect(pairs).toBeGreaterThanOrEqual(20);
  });

  it('names the man from his other photo, names no stranger, and never names by shirt colour', () => {
    const [first, second] = SAME_MAN.map((photo) => profiles.find((p) => p.photo === photo)!);
    const roster: Candidate[] = [
      {
        userId: 'man',
        name: 'The Man',
        jerseyColors: ['Navy'],
        faceEmbeddings: [first!.embedding],
      },
      ...profiles
        .filter((profile) => !sameMan(profile))
        .map((profile) => ({
          userId: profile.photo,
          name: profile.photo,
          jerseyColors: [],
          faceEmbeddings: [profile.embedding],
        })),
      // The coach who ticked White and appears in no photo here.
      { userId: 'coach', name: 'Carla Coach', jerseyColors: ['White'], faceEmbeddings: [] },
    ];
    const him = inFrames.find((face) => face.photo === second!.photo)!;
    const named = identifyTrack(trackOf(him), roster);
    expect(named?.candidate.userId).toBe('man');
    // A real match of two different photos: more likely than not, far from certain.
    expect(named!.confidence).toBeGreaterThanOrEqual(0.6);
    expect(named!.confidence).toBeLessThan(0.8);

    // Strangers, with only the man and the coach on the roster, in the coach's shirt colour.
    const strangers = inFrames.filter((face) => !sameMan(face));
    const white = { name: 'White', confidence: 0.95 };
    for (const stranger of strangers) {
      expect(identifyTrack(trackOf(stranger, white), [roster[0]!, roster.at(-1)!])).toBeNull();
    }
    // Someone whose face was never seen (a back to the camera) in the coach's White.
    expect(identifyTrack(trackOf(null, white), roster)).toBeNull();
  });
});
