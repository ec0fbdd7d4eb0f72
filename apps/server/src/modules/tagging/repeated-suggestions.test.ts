import { suggestedActionsOf, type PlayerDetection } from '@filmroom/contract';
import { describe, expect, it } from 'vitest';
import { shotReading } from '../../../test/readings';
import { placeAt, withoutRepeats, type FoundAction } from './repeated-suggestions';

type Box = [number, number, number, number];
const LEFT: Box = [0.1, 0.2, 0.2, 0.6];
const LEFT_AGAIN: Box = [0.12, 0.21, 0.19, 0.58];
const RIGHT: Box = [0.6, 0.2, 0.2, 0.6];

/** The shots one analysis read of one tracked person, each with where they were. */
function shots(
  rangeId: string | null,
  releases: number[],
  { box = null, playerMatchId = null }: { box?: Box | null; playerMatchId?: string | null } = {},
): FoundAction[] {
  return suggestedActionsOf([shotReading(releases, { playerMatchId })]).map((action) => ({
    rangeId,
    action,
    box,
  }));
}

const described = (found: FoundAction[]) =>
  found.map(({ rangeId, action }) => `${rangeId ?? 'video'}@${action.t}`);

describe('each action once across the whole video’s analysis and its ranges', () => {
  it('keeps the range’s reading of a shot both found within 0.3 s, and the rest of each', () => {
    const found = [
      ...shots(null, [4, 20.1], { box: LEFT }),
      ...shots('r1', [19.9], { box: LEFT_AGAIN }),
    ];
    expect(described(withoutRepeats(found))).toEqual(['r1@19.9', 'video@4']);
  });

  it('keeps both when the key events are further apart than one repetition could be seen twice', () => {
    const found = [...shots(null, [20]), ...shots('r1', [20.4])];
    expect(described(withoutRepeats(found))).toEqual(['r1@20.4', 'video@20']);
  });

  it('keeps both when two people shot at once: named apart, or in different places', () => {
    const named = [
      ...shots(null, [20], { playerMatchId: 'jordan' }),
      ...shots('r1', [20.1], { playerMatchId: 'sam' }),
    ];
    expect(withoutRepeats(named)).toHaveLength(2);
    const placed = [...shots(null, [20], { box: LEFT }), ...shots('r1', [20.1], { box: RIGHT })];
    expect(withoutRepeats(placed)).toHaveLength(2);
  });

  it('takes the same named athlete as one, wherever each scan boxed them', () => {
    const found = [
      ...shots(null, [20], { playerMatchId: 'jordan', box: LEFT }),
      ...shots('r1', [20.1], { playerMatchId: 'jordan', box: RIGHT }),
    ];
    expect(described(withoutRepeats(found))).toEqual(['r1@20.1']);
  });

  it('never merges one analysis’s own repetitions, however close', () => {
    expect(withoutRepeats(shots(null, [20, 20.2]))).toHaveLength(2);
  });

  it('keeps the earlier range’s where two ranges overlap', () => {
    const found = [...shots('r1', [20]), ...shots('r2', [20.05]), ...shots(null, [20.02])];
    expect(described(withoutRepeats(found))).toEqual(['r1@20']);
  });
});

describe('where a tracked person was at a moment', () => {
  const detection = (trackId: number, timestamp: number, box: Box): PlayerDetection => ({
    timestamp,
    trackId,
    box,
    playerMatchId: null,
    confidence: 0.9,
    jerseyNumber: null,
    jerseyColor: null,
    faceDetected: false,
  });
  const detections = [
    detection(1, 19.5, LEFT),
    detection(2, 20, RIGHT),
    detection(1, 20, LEFT_AGAIN),
  ];

  it('is their detection nearest the moment', () => {
    expect(placeAt(detections, 1, 19.9)).toEqual(LEFT_AGAIN);
    expect(placeAt(detections, 2, 20.2)).toEqual(RIGHT);
  });

  it('is unknown when their nearest detection is too far from it, or they have none', () => {
    expect(placeAt(detections, 1, 21)).toBeNull();
    expect(placeAt(detections, 3, 20)).toBeNull();
  });
});
