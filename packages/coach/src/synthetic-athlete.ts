import type { Keypoint, PoseSample, PoseScan } from './pose';

/**
 * A side-on athlete drawn from joint angles, for tests: the coach engine must read back the
 * angles it was given. Lengths are in pixels of a 720 x 1280 portrait frame.
 */
export const FRAME = { width: 720, height: 1280 };
const ANKLE = { x: 360, y: 1100 };
const SHIN = 210;
const THIGH = 210;
const TRUNK = 300;

export type Posture = { kneeAngle: number; trunkLean: number; rightKneeOffset?: number };

export function poseSample(t: number, posture: Posture): PoseSample {
  const keypoints: Keypoint[] = [];
  const add = (name: string, x: number, y: number) =>
    keypoints.push({ name, x: x / FRAME.width, y: y / FRAME.height, score: 0.9 });

  for (const side of ['left', 'right'] as const) {
    const angle = posture.kneeAngle + (side === 'right' ? (posture.rightKneeOffset ?? 0) : 0);
    const tilt = (((180 - angle) / 2) * Math.PI) / 180;
    const ankle = { x: ANKLE.x + (side === 'right' ? 4 : -4), y: ANKLE.y };
    const knee = { x: ankle.x + SHIN * Math.sin(tilt), y: ankle.y - SHIN * Math.cos(tilt) };
    const hip = { x: knee.x - THIGH * Math.sin(tilt), y: knee.y - THIGH * Math.cos(tilt) };
    add(`${side}_ankle`, ankle.x, ankle.y);
    add(`${side}_knee`, knee.x, knee.y);
    add(`${side}_hip`, hip.x, hip.y);
    const lean = (posture.trunkLean * Math.PI) / 180;
    const shoulder = { x: hip.x + TRUNK * Math.sin(lean), y: hip.y - TRUNK * Math.cos(lean) };
    add(`${side}_shoulder`, shoulder.x + (side === 'right' ? 30 : -30), shoulder.y);
  }
  const xs = keypoints.map((k) => k.x);
  const ys = keypoints.map((k) => k.y);
  return {
    t,
    box: [
      Math.min(...xs),
      Math.min(...ys),
      Math.max(...xs) - Math.min(...xs),
      Math.max(...ys) - Math.min(...ys),
    ],
    keypoints,
  };
}

/** Repetitions of a squat, each `seconds` long, sampled at `rate` per second. */
export function squatSet(
  reps: {
    bottomKneeAngle: number;
    bottomTrunkLean?: number;
    seconds?: number;
    rightKneeOffset?: number;
  }[],
  rate = 10,
): PoseScan {
  const samples: PoseSample[] = [];
  let start = 0.5;
  for (let t = 0; t < start; t += 1 / rate)
    samples.push(poseSample(t, { kneeAngle: 175, trunkLean: 10 }));
  for (const rep of reps) {
    const seconds = rep.seconds ?? 3;
    for (let s = 0; s < seconds; s += 1 / rate) {
      const depth = Math.sin((Math.PI * s) / seconds) ** 2;
      samples.push(
        poseSample(start + s, {
          kneeAngle: 175 - (175 - rep.bottomKneeAngle) * depth,
          trunkLean: 10 + ((rep.bottomTrunkLean ?? 30) - 10) * depth,
          rightKneeOffset: (rep.rightKneeOffset ?? 0) * depth,
        }),
      );
    }
    start += seconds;
  }
  for (let t = 0; t < 1; t += 1 / rate)
    samples.push(poseSample(start + t, { kneeAngle: 175, trunkLean: 10 }));
  return { duration: start + 1, ...FRAME, tracks: [{ id: 1, samples }] };
}
