import { describe, expect, it } from 'vitest';
import { sampleOf } from '../../../testing/synthetic-athlete';
import { analysePoses } from '../../index';
import type { Keypoint, PoseSample, PoseScan } from '../../pose';

/**
 * A front-on jumping jack in a 720 x 1280 frame: the straight arms swing from the sides (0°) to
 * overhead (180°) and back each `period` seconds, the feet jumping apart as the arms go up.
 */
const FRAME = { width: 720, height: 1280 };
const ARM = 290;

function sample(t: number, raise: number): PoseSample {
  const keypoints: Keypoint[] = [];
  const add = (name: string, x: number, y: number) =>
    keypoints.push({ name, x: x / FRAME.width, y: y / FRAME.height, score: 0.9 });
  const angle = (raise * Math.PI) / 180;
  const spread = 40 + 80 * (raise / 180);
  (['left', 'right'] as const).forEach((side, i) => {
    const out = i === 0 ? -1 : 1;
    const shoulder = { x: 360 + 80 * out, y: 400 };
    add(`${side}_shoulder`, shoulder.x, shoulder.y);
    add(
      `${side}_elbow`,
      shoulder.x + out * (ARM / 2) * Math.sin(angle),
      shoulder.y + (ARM / 2) * Math.cos(angle),
    );
    add(
      `${side}_wrist`,
      shoulder.x + out * ARM * Math.sin(angle),
      shoulder.y + ARM * Math.cos(angle),
    );
    add(`${side}_hip`, 360 + 50 * out, 700);
    add(`${side}_knee`, 360 + (50 + spread / 2) * out, 910);
    add(`${side}_ankle`, 360 + (50 + spread) * out, 1120);
  });
  add('nose', 360, 290);
  return sampleOf(t, keypoints);
}

/**
 * Jacks with tops at period/2, 3 period/2...; samples within `lost` seconds of a top dropped,
 * `rate` samples a second.
 */
function jacks(count: number, period: number, lost: number, rate = 30): PoseScan {
  const samples: PoseSample[] = [];
  for (let n = 0; n <= count * period * rate; n += 1) {
    const t = n / rate;
    // Distance in time to the nearest top (at half a period, then every period).
    const fromTop = Math.abs((t % period) - period / 2);
    if (fromTop < lost) continue;
    samples.push(sample(t, 90 * (1 - Math.cos((2 * Math.PI * t) / period))));
  }
  return { duration: count * period, ...FRAME, tracks: [{ id: 1, samples }] };
}

describe('jumping jacks', () => {
  const tops = (scan: PoseScan) =>
    analysePoses(scan, { movement: 'jumping_jacks' })
      .readings[0]!.events.filter((e) => e.name === 'arms_overhead')
      .map((e) => e.t);

  it('finds each arms-overhead moment the scan saw', () => {
    const found = tops(jacks(3, 1.2, 0));
    expect(found).toHaveLength(3);
    found.forEach((t, i) => expect(Math.abs(t - (0.6 + 1.2 * i))).toBeLessThanOrEqual(0.07));
  });

  it('places a top the scan lost the athlete over midway through the swing', () => {
    // A backlit jumper: no pose for 0.2 s either side of every top.
    const found = tops(jacks(3, 1.2, 0.2));
    expect(found).toHaveLength(3);
    found.forEach((t, i) => expect(Math.abs(t - (0.6 + 1.2 * i))).toBeLessThanOrEqual(0.07));
  });

  it('counts a top lost overhead at 15 fps, where the last frame before it is further from it', () => {
    // Tops at 0.75, 2.25 and 3.75 s; no pose within 0.34 s of them. The last frame before each
    // gap (0.35 s before the top) shows both hands only a sixth of a trunk over the shoulders,
    // on their way up: short of a top's height, but both up.
    const found = tops(jacks(3, 1.5, 0.34, 15));
    expect(found).toHaveLength(3);
    found.forEach((t, i) => expect(Math.abs(t - (0.75 + 1.5 * i))).toBeLessThanOrEqual(0.07));
  });

  it('places a top between the sparse samples either side of it', () => {
    // Five samples a second, tops at 0.65, 1.95 and 3.25 s: the nearest samples are 50 ms away.
    // The straight arm's wrist is flatter over the top than a parabola, so the vertex through
    // three samples is not exact either, but within 30 ms.
    const found = tops(jacks(3, 1.3, 0, 5));
    expect(found).toHaveLength(3);
    found.forEach((t, i) => expect(Math.abs(t - (0.65 + 1.3 * i))).toBeLessThanOrEqual(0.03));
  });
});
