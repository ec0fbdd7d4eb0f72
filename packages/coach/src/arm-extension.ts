import type { BodyMoment } from './body-series';
import { defined } from './geometry';

/** Arms raised overhead: a reach, a block, the arm drive of a jump. */
export type Reach = {
  start: number;
  end: number;
  /** When the raised elbows were straightest. */
  peak: number;
  /** The straightest the raised elbows got, in degrees (180 = straight). */
  elbowAngle: number | undefined;
};

// A wrist this far above its shoulder (body lengths, about 20 cm) is an arm raised overhead,
// beyond a swing or a hand at the chest.
const OVERHEAD = 0.15;

/** The elbow angle of the arms raised overhead at this moment (both averaged), if any is. */
function raisedElbowAngle(moment: BodyMoment, bodyLength: number) {
  const sides = (['left', 'right'] as const).filter((side) => {
    const wrist = moment.points[`${side}_wrist`];
    const shoulder = moment.points[`${side}_shoulder`];
    return wrist && shoulder && shoulder.y - wrist.y >= OVERHEAD * bodyLength;
  });
  if (sides.length === 0) return { raised: false, angle: undefined };
  const angles = defined(sides.map((side) => moment[`${side}ElbowAngle`]));
  const angle = angles.length
    ? angles.reduce((sum, value) => sum + value, 0) / angles.length
    : undefined;
  return { raised: true, angle };
}

/** Each stretch of moments with an arm raised overhead, with how straight the elbows got. */
export function findReaches(moments: BodyMoment[], bodyLength: number): Reach[] {
  const reaches: Reach[] = [];
  let current: Reach | undefined;
  for (const moment of moments) {
    const { raised, angle } = raisedElbowAngle(moment, bodyLength);
    if (!raised) {
      current = undefined;
      continue;
    }
    if (!current) {
      current = { start: moment.t, end: moment.t, peak: moment.t, elbowAngle: angle };
      reaches.push(current);
    }
    current.end = moment.t;
    if (angle !== undefined && (current.elbowAngle === undefined || angle > current.elbowAngle)) {
      current.elbowAngle = angle;
      current.peak = moment.t;
    }
  }
  return reaches;
}

/** The straightest elbow seen in the clip, either arm. */
export function largestElbowAngle(moments: BodyMoment[]): number | undefined {
  const angles = defined(moments.flatMap((m) => [m.leftElbowAngle, m.rightElbowAngle]));
  return angles.length ? Math.max(...angles) : undefined;
}
