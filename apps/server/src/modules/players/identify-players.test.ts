import type { Track } from '@filmroom/vision';
import { describe, expect, it } from 'vitest';
import {
  FACE_MARGIN,
  FACE_MATCH,
  identifyTrack,
  identifyTracks,
  nameTracks,
  playerDetections,
  type Candidate,
} from './identify-players';

/**
 * A unit face embedding whose cosine similarity to `axis(0)` is exactly `similarity`: the rules
 * are tested at and around their thresholds here; face-threshold.test.ts holds the thresholds
 * to real photos.
 */
function face(similarity: number, away = 1): number[] {
  const embedding = new Array<number>(8).fill(0);
  embedding[0] = similarity;
  embedding[away] = Math.sqrt(1 - similarity * similarity);
  return embedding;
}
const reference = face(1);

function track(
  options: { id?: number; from?: number; seconds?: number; faces?: (number[] | null)[] } & Pick<
    Track,
    'jerseyColor'
  > = {},
): Track {
  const from = options.from ?? 0;
  const samples = Array.from({ length: (options.seconds ?? 2) * 5 }, (_, i) => ({
    t: from + i / 5,
    box: [0.1, 0.1, 0.3, 0.8] as [number, number, number, number],
    score: 0.7,
    keypoints: [],
    ...(options.faces?.[i]
      ? {
          face: {
            box: [0.2, 0.1, 0.1, 0.1] as [number, number, number, number],
            score: 0.9,
            embedding: options.faces[i],
          },
        }
      : {}),
  }));
  return {
    id: options.id ?? 1,
    samples,
    ...(options.jerseyColor ? { jerseyColor: options.jerseyColor } : {}),
  };
}

const candidate = (userId: string, extra: Partial<Candidate> = {}): Candidate => ({
  userId,
  name: `Player ${userId}`,
  jerseyColors: [],
  faceEmbeddings: [],
  ...extra,
});

describe('identifyTrack', () => {
  it('names the athlete whose profile photo the face matches, from the threshold up', () => {
    const athletes = [
      candidate('a', { faceEmbeddings: [reference] }),
      candidate('b', { faceEmbeddings: [face(0, 2)] }),
    ];
    const at = identifyTrack(track({ faces: [face(FACE_MATCH + 0.001)] }), athletes);
    expect(at?.candidate.userId).toBe('a');
    // Just past the threshold the naming is in the Players tab's warning band, not "sure".
    expect(at!.confidence).toBeGreaterThanOrEqual(0.6);
    expect(at!.confidence).toBeLessThan(0.65);
    expect(identifyTrack(track({ faces: [face(FACE_MATCH - 0.001)] }), athletes)).toBeNull();
    // A closer face is surer, up to a ceiling short of certainty.
    const close = identifyTrack(track({ faces: [face(0.7)] }), athletes);
    expect(close!.confidence).toBeGreaterThan(at!.confidence);
    expect(identifyTrack(track({ faces: [face(0.99)] }), athletes)!.confidence).toBe(0.95);
  });

  it('takes the best of the track’s faces against the best of the profile photos', () => {
    const match = identifyTrack(track({ faces: [face(0.2), null, face(0.7)] }), [
      candidate('a', { faceEmbeddings: [face(0.1, 3), reference] }),
    ]);
    expect(match?.candidate.userId).toBe('a');
  });

  it('names nobody when two athletes’ photos are about as close', () => {
    const faces = [reference];
    const twins = [
      candidate('a', { faceEmbeddings: [face(0.7)] }),
      candidate('b', { faceEmbeddings: [face(0.7 - FACE_MARGIN / 2, 2)] }),
    ];
    expect(identifyTrack(track({ faces }), twins)).toBeNull();
    const apart = [twins[0]!, candidate('b', { faceEmbeddings: [face(0.6, 2)] })];
    expect(identifyTrack(track({ faces }), apart)?.candidate.userId).toBe('a');
  });

  it('never names anyone by shirt colour alone, however sure the colour', () => {
    const white = { name: 'White', confidence: 1 };
    const coach = candidate('coach', { jerseyColors: ['White'], faceEmbeddings: [reference] });
    expect(identifyTrack(track({ jerseyColor: white }), [coach])).toBeNull();
    // A face that does not match is not rescued by the colour either.
    expect(
      identifyTrack(track({ jerseyColor: white, faces: [face(FACE_MATCH - 0.01)] }), [coach]),
    ).toBeNull();
  });

  it('lets a matching shirt colour support a face match a little', () => {
    const faces = [face(0.62)];
    const athlete = candidate('a', { jerseyColors: ['red'], faceEmbeddings: [reference] });
    const plain = identifyTrack(track({ faces }), [athlete])!;
    const inRed = identifyTrack(track({ faces, jerseyColor: { name: 'Red', confidence: 0.8 } }), [
      athlete,
    ])!;
    const inBlue = identifyTrack(track({ faces, jerseyColor: { name: 'Blue', confidence: 0.8 } }), [
      athlete,
    ])!;
    expect(inRed.confidence).toBeCloseTo(plain.confidence + 0.04, 2);
    expect(inBlue.confidence).toBe(plain.confidence);
  });
});

describe('identifyTracks', () => {
  it('gives a name to one of two people on screen together, the surer match', () => {
    const athlete = candidate('a', { faceEmbeddings: [reference] });
    const identities = identifyTracks(
      [
        track({ id: 1, faces: [face(0.6)] }),
        track({ id: 2, from: 1, faces: [face(0.75, 2)] }),
        // Later, after both have left: the same athlete back in a new track.
        track({ id: 3, from: 5, faces: [face(0.6, 3)] }),
      ],
      [athlete],
    );
    expect([...identities.keys()].sort()).toEqual([2, 3]);
  });
});

describe('playerDetections', () => {
  it('lists each person every half second; unidentified ones with their detection score and no number', () => {
    const detections = playerDetections(
      [track({ seconds: 2, jerseyColor: { name: 'Red', confidence: 0.9 } })],
      [candidate('a', { jerseyColors: ['Red'] })],
    );
    expect(detections.map((d) => d.timestamp)).toEqual([0, 0.6, 1.2, 1.8]);
    expect(detections[0]).toEqual({
      timestamp: 0,
      playerMatchId: null,
      confidence: 0.7,
      jerseyNumber: null,
      jerseyColor: 'Red',
      faceDetected: false,
      box: [0.1, 0.1, 0.3, 0.8],
      trackId: 1,
    });
  });

  it('carries the identity and its confidence on every detection of an identified person', () => {
    const detections = playerDetections(
      [track({ faces: [face(0.7)] })],
      [candidate('a', { faceEmbeddings: [reference] })],
    );
    const confidence = identifyTrack(track({ faces: [face(0.7)] }), [
      candidate('a', { faceEmbeddings: [reference] }),
    ])!.confidence;
    expect(detections.every((d) => d.playerMatchId === 'a' && d.confidence === confidence)).toBe(
      true,
    );
    expect(detections.map((d) => d.faceDetected)).toEqual([true, false, false, false]);
  });
});

describe('nameTracks', () => {
  const athlete = candidate('a', { faceEmbeddings: [reference] });
  const other = candidate('b', { faceEmbeddings: [face(0, 2)] });
  // The coach clicked track 2's box at 0.5 s (track 1 is seen at 0.4 and 0.6 s).
  const clicked = { timestamp: 0.5, box: [0.1, 0.1, 0.3, 0.8] as const };

  it("puts the coach's name on the clicked track, over a face match, and drops a face match that would put one person in two places", () => {
    const namings = nameTracks(
      [track({ id: 1, faces: [face(0.7)] }), track({ id: 2, from: 0.3, faces: [face(0.7, 2)] })],
      [athlete, other],
      [{ ...clicked, userId: 'a' }],
    );
    expect(namings.get(2)).toEqual({
      identity: { candidate: athlete, confidence: 1 },
      identifiedBy: 'coach',
    });
    // Track 1's face says "a" too, but overlaps in time the track the coach named "a".
    expect(namings.has(1)).toBe(false);
  });

  it('keeps the newest naming, silences a face match with "nobody listed", and ignores a click that hits no track', () => {
    const tracks = [track({ id: 2, from: 0.3, faces: [face(0.7)] })];
    const renamed = nameTracks(
      tracks,
      [athlete, other],
      [
        { ...clicked, userId: 'b' },
        { ...clicked, userId: 'a' },
      ],
    );
    expect(renamed.get(2)?.identity?.candidate.userId).toBe('a');
    const nobody = nameTracks(tracks, [athlete], [{ ...clicked, userId: null }]);
    expect(nobody.get(2)).toEqual({ identity: null, identifiedBy: 'coach' });
    const missed = nameTracks(
      tracks,
      [athlete, other],
      [{ ...clicked, box: [0.5, 0.1, 0.3, 0.8], userId: 'b' }],
    );
    expect(missed.get(2)).toMatchObject({ identifiedBy: 'face', identity: { candidate: athlete } });
    expect(
      playerDetections(tracks, [athlete], [{ ...clicked, userId: null }]).every(
        (d) => d.playerMatchId === null,
      ),
    ).toBe(true);
  });
});
