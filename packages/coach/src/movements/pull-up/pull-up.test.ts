import { describe, expect, it } from 'vitest';
import { sampleOf } from '../../../testing/synthetic-athlete';
import { analysePoses } from '../../index';
import type { Keypoint, PoseSample, PoseScan } from '../../pose';

/**
 * A front-on athlete under a bar at y = 300 px of a 720 x 1280 frame, drawn from how high the
 * shoulders are pulled (0: straight-arm hang, 1: shoulders level with the hands).
 */
const FRAME = { width: 720, height: 1280 };
const WRIST_Y = 310;
const HANDS_X = [250, 470];
const SHOULDERS_X = [280, 440];
const UPPER_ARM = 150;
const FOREARM = 140;
const TRUNK = 300;
const LEG = 420;
// The nose sits about a third of a trunk over the shoulders' line.
const NOSE_OVER_SHOULDERS = 110;

type Frame = {
  /** 0 straight-arm hang, 1 shoulders up at the hands, more: shoulders over them. */
  pull: number;
  /** Feet on the floor at this height (standing under the bar): the legs bend, not lift. */
  floorY?: number;
  /** The hands this many pixels under the bar (reaching up to it, dropped off it). */
  handsDown?: number;
};

function sample(t: number, { pull, floorY, handsDown = 0 }: Frame): PoseSample {
  const keypoints: Keypoint[] = [];
  const add = (name: string, x: number, y: number) =>
    keypoints.push({ name, x: x / FRAME.width, y: y / FRAME.height, score: 0.9 });
  const wristY = WRIST_Y + handsDown;
  const reach = Math.sqrt((UPPER_ARM + FOREARM) ** 2 - (SHOULDERS_X[0]! - HANDS_X[0]!) ** 2);
  const shoulderY = wristY + (1 - pull) * (reach - 5) + 5;
  const hipY = shoulderY + TRUNK;
  const ground = floorY ?? hipY + LEG;
  const kneeDrop = Math.min(LEG / 2, (ground - hipY) / 2);
  const kneeOut = Math.sqrt(Math.max(0, (LEG / 2) ** 2 - kneeDrop ** 2));
  (['left', 'right'] as const).forEach((side, i) => {
    const sx = SHOULDERS_X[i]!;
    const wx = HANDS_X[i]!;
    add(`${side}_shoulder`, sx, shoulderY);
    add(`${side}_wrist`, wx, wristY);
    // The elbow where the upper arm and forearm meet, bent outward.
    const d = Math.hypot(wx - sx, wristY - shoulderY);
    const along = (UPPER_ARM ** 2 - FOREARM ** 2 + d ** 2) / (2 * d);
    const out = Math.sqrt(Math.max(0, UPPER_ARM ** 2 - along ** 2)) * (i === 0 ? -1 : 1);
    const [ux, uy] = [(wx - sx) / d, (wristY - shoulderY) / d];
    add(`${side}_elbow`, sx + along * ux - out * uy, shoulderY + along * uy + out * ux);
    const hx = sx + (i === 0 ? 30 : -30);
    add(`${side}_hip`, hx, hipY);
    add(`${side}_knee`, hx + (i === 0 ? -kneeOut : kneeOut), hipY + kneeDrop);
    add(`${side}_ankle`, hx, ground);
  });
  add('nose', 360, shoulderY - NOSE_OVER_SHOULDERS);
  return sampleOf(t, keypoints);
}

/** A clip at 30 frames a second from a function of time. */
function clip(seconds: number, frame: (t: number) => Frame): PoseScan {
  const samples: PoseSample[] = [];
  for (let n = 0; n <= seconds * 30; n += 1) samples.push(sample(n / 30, frame(n / 30)));
  return { duration: seconds, ...FRAME, tracks: [{ id: 1, samples }] };
}

/** `reps` pull-ups of two seconds each after a second's hang, up to `top` (1: the hands). */
const pulls = (reps: number, top: number, extra: Partial<Frame> = {}) =>
  clip(2 + 2 * reps, (t) => ({
    pull: t < 1 || t > 1 + 2 * reps ? 0 : (top * (1 - Math.cos(Math.PI * (t - 1)))) / 2,
    ...extra,
  }));

describe('the pull-up', () => {
  it('is recognised from a hang with the body pulled up to the bar, and its reps counted', () => {
    const [athlete] = analysePoses(pulls(5, 1.2)).readings;
    expect(athlete!.movement).toBe('pull_up');
    expect(athlete!.confidence).toBeGreaterThanOrEqual(0.8);
    expect(athlete!.repetitions).toBe(5);
    const tops = athlete!.events.filter((e) => e.name === 'top').map((e) => e.t);
    expect(tops).toHaveLength(5);
    tops.forEach((t, i) => expect(t).toBeCloseTo(2 + 2 * i, 1));
    // The clip opens on the hang: its first moment.
    expect(athlete!.events.find((e) => e.name === 'start_hang')?.t).toBe(0);
    const chin = athlete!.metrics.find((m) => m.id.endsWith('.chin_over_bar'));
    expect(chin?.text).toBe('5 of 5');
    expect(chin?.status).toBe('ok');
    expect(athlete!.metrics.find((m) => m.id.endsWith('.hang_elbow'))?.status).toBe('ok');
  });

  it('says the chin stayed under the bar when the pull stops short', () => {
    const [athlete] = analysePoses(pulls(4, 0.75), { movement: 'pull_up' }).readings;
    expect(athlete!.repetitions).toBe(4);
    const chin = athlete!.metrics.find((m) => m.id.endsWith('.chin_over_bar'));
    expect(chin?.text).toBe('0 of 4');
    expect(chin?.status).toBe('fault');
  });

  it('is not read when the feet stay on the floor (standing under a bar, dipping)', () => {
    const scan = pulls(5, 1.2, { floorY: WRIST_Y + 290 + TRUNK + LEG });
    const [athlete] = analysePoses(scan).readings;
    expect(athlete!.movement).not.toBe('pull_up');
  });

  it('finds the jump up to the bar and the drop off it', () => {
    // Standing with the hands 200 px under the bar, a jump at 1 s, three reps, a drop at 10 s.
    const handsDown = (t: number) =>
      t < 1
        ? 200
        : t < 1.2
          ? 200 * (1 - (t - 1) / 0.2)
          : t < 10
            ? 0
            : Math.min(200, (t - 10) * 1000);
    const scan = clip(11, (t) => ({
      pull: t > 2 && t < 8 ? (1.2 * (1 - Math.cos(Math.PI * (t - 2)))) / 2 : 0,
      handsDown: handsDown(t),
    }));
    const { events } = analysePoses(scan, { movement: 'pull_up' }).readings[0]!;
    expect(events.find((e) => e.name === 'jump_to_bar')?.t).toBeCloseTo(1.2, 1);
    // Within a few frames: the moment is placed no earlier than the last frame still at the bar.
    expect(Math.abs(events.find((e) => e.name === 'drop_off_bar')!.t - 10)).toBeLessThanOrEqual(
      0.1,
    );
    expect(events.filter((e) => e.name === 'top')).toHaveLength(3);
  });
});
