import type { Track } from '@filmroom/vision';
import { describe, expect, it } from 'vitest';
import { identifyTrack, playerDetections, type Candidate } from './identify-players';

const unit = (index: number, length = 8) =>
  Array.from({ length }, (_, i) => (i === index ? 1 : 0.05));

function track(overrides: Partial<Track> & { faces?: number[][]; seconds?: number } = {}): Track {
  const seconds = overrides.seconds ?? 2;
  const samples = Array.from({ length: seconds * 5 }, (_, i) => ({
    t: i / 5,
    box: [0.1, 0.1, 0.3, 0.8] as [number, number, number, number],
    score: 0.7,
    keypoints: [],
    ...(overrides.faces?.[i]
      ? {
          face: {
            box: [0.2, 0.1, 0.1, 0.1] as [number, number, number, number],
            score: 0.9,
            embedding: overrides.faces[i],
          },
        }
      : {}),
  }));
  return {
    id: 1,
    samples,
    jerseyNumber: overrides.jerseyNumber,
    jerseyColor: overrides.jerseyColor,
  };
}

const candidate = (userId: string, extra: Partial<Candidate> = {}): Candidate => ({
  userId,
  playerNumber: null,
  jerseyColors: [],
  faceEmbeddings: [],
  ...extra,
});

describe('identifyTrack', () => {
  it('matches a legible shirt number to the athlete wearing it', () => {
    const match = identifyTrack(track({ jerseyNumber: { value: '23', confidence: 0.9 } }), [
      candidate('a', { playerNumber: 7 }),
      candidate('b', { playerNumber: 23 }),
    ]);
    expect(match?.candidate.userId).toBe('b');
    expect(match?.score).toBeCloseTo(0.54, 2);
  });

  it('claims nobody without evidence, or when two athletes fit equally', () => {
    expect(identifyTrack(track(), [candidate('a', { playerNumber: 23 })])).toBeNull();
    const twins = [candidate('a', { playerNumber: 23 }), candidate('b', { playerNumber: 23 })];
    expect(
      identifyTrack(track({ jerseyNumber: { value: '23', confidence: 0.9 } }), twins),
    ).toBeNull();
  });

  it('matches a face only when it is close to one athlete and clearly closer than to the next', () => {
    const faces = [unit(0)];
    const clear = identifyTrack(track({ faces }), [
      candidate('a', { faceEmbeddings: [unit(0)] }),
      candidate('b', { faceEmbeddings: [unit(3)] }),
    ]);
    expect(clear?.candidate.userId).toBe('a');
    const close = identifyTrack(track({ faces }), [
      candidate('a', { faceEmbeddings: [unit(0)] }),
      candidate('b', { faceEmbeddings: [unit(0).map((v, i) => (i === 1 ? 0.2 : v))] }),
    ]);
    expect(close).toBeNull();
  });

  it('adds shirt colour as weak evidence', () => {
    const match = identifyTrack(track({ jerseyColor: { name: 'Red', confidence: 0.8 } }), [
      candidate('a', { jerseyColors: ['red'] }),
      candidate('b', { jerseyColors: ['Blue'] }),
    ]);
    expect(match?.candidate.userId).toBe('a');
    expect(match!.score).toBeLessThan(0.2);
  });
});

describe('playerDetections', () => {
  it('lists each person every half second, unidentified ones with their detection score', () => {
    const detections = playerDetections(
      [track({ seconds: 2, jerseyColor: { name: 'Red', confidence: 0.9 } })],
      [],
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
    });
  });
});
