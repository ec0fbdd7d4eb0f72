import type { Keypoint, PoseSample, PoseScan } from '../src/pose';

/**
 * A side-on athlete drawn from joint angles, for tests: the coach engine must read back the
 * angles it was given. Lengths are in pixels of a 720 x 1280 portrait frame.
 */
const FRAME = { width: 720, height: 1280 };
const ANKLE = { x: 360, y: 1100 };
const SHIN = 210;
const THIGH = 210;
const TRUNK = 300;

const UPPER_ARM = 150;
const FOREARM = 140;
// The standard athlete is about 720 px from shoulder to ankle: 1.4 m on a 1.75 m adult.
const PIXELS_PER_METRE = 720 / 1.4;
const GRAVITY = 9.81 * PIXELS_PER_METRE;

export type Posture = {
  kneeAngle: number;
  trunkLean: number;
  rightKneeOffset?: number;
  /** Shoulder flexion in degrees: 0 arms hanging, 90 reaching forward, 180 straight overhead. */
  armRaise?: number;
  /** Shoulder-elbow-wrist, in degrees. */
  elbowAngle?: number;
  /** Pixels off the ground: in the air. */
  lift?: number;
  /** Pixels to the right of the usual spot. */
  shift?: number;
  /** Whole-body lean forward about the ankles, in degrees: the sway of a balance hold. */
  sway?: number;
  /** Body size relative to the standard athlete. */
  scale?: number;
  /** Ankles unseen (motion blur, out of frame): scored below the keypoint cut. */
  anklesHidden?: boolean;
};

const radians = (degrees: number) => (degrees * Math.PI) / 180;

function poseSample(t: number, posture: Posture): PoseSample {
  const scale = posture.scale ?? 1;
  const anchor = { x: ANKLE.x + (posture.shift ?? 0), y: ANKLE.y - (posture.lift ?? 0) };
  const sway = radians(posture.sway ?? 0);
  const keypoints: Keypoint[] = [];
  // Offsets are from the ankles' spot, in pixels of the standard athlete.
  const add = (name: string, dx: number, dy: number, score = 0.9) => {
    const x = anchor.x + scale * (dx * Math.cos(sway) - dy * Math.sin(sway));
    const y = anchor.y + scale * (dx * Math.sin(sway) + dy * Math.cos(sway));
    keypoints.push({ name, x: x / FRAME.width, y: y / FRAME.height, score });
  };

  for (const side of ['left', 'right'] as const) {
    const angle = posture.kneeAngle + (side === 'right' ? (posture.rightKneeOffset ?? 0) : 0);
    const tilt = radians((180 - angle) / 2);
    const ankle = { x: side === 'right' ? 4 : -4, y: 0 };
    const knee = { x: ankle.x + SHIN * Math.sin(tilt), y: ankle.y - SHIN * Math.cos(tilt) };
    const hip = { x: knee.x - THIGH * Math.sin(tilt), y: knee.y - THIGH * Math.cos(tilt) };
    add(`${side}_ankle`, ankle.x, ankle.y, posture.anklesHidden ? 0.1 : 0.9);
    add(`${side}_knee`, knee.x, knee.y);
    add(`${side}_hip`, hip.x, hip.y);
    const lean = radians(posture.trunkLean);
    const shoulder = {
      x: hip.x + TRUNK * Math.sin(lean) + (side === 'right' ? 30 : -30),
      y: hip.y - TRUNK * Math.cos(lean),
    };
    add(`${side}_shoulder`, shoulder.x, shoulder.y);
    const raise = radians(posture.armRaise ?? 10);
    const bend = radians(180 - (posture.elbowAngle ?? 165));
    const elbow = {
      x: shoulder.x + UPPER_ARM * Math.sin(raise),
      y: shoulder.y + UPPER_ARM * Math.cos(raise),
    };
    add(`${side}_elbow`, elbow.x, elbow.y);
    add(
      `${side}_wrist`,
      elbow.x + FOREARM * Math.sin(raise + bend),
      elbow.y + FOREARM * Math.cos(raise + bend),
    );
  }
  return sampleOf(t, keypoints);
}

/** A scan's sample of these keypoints at `t`, boxed as the detector boxes a person. */
export function sampleOf(t: number, keypoints: Keypoint[]): PoseSample {
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

const STANDING: Posture = { kneeAngle: 175, trunkLean: 10 };

const middle = (sample: PoseSample, part: string) => {
  const [left, right] = ['left', 'right'].map((side) =>
    sample.keypoints.find((k) => k.name === `${side}_${part}`)!,
  );
  return {
    x: ((left!.x + right!.x) / 2) * FRAME.width,
    y: ((left!.y + right!.y) / 2) * FRAME.height,
  };
};
const standing = poseSample(0, STANDING);
/** The standard athlete standing: shoulder to ankle, and hips above the ankles, in pixels. */
export const BODY_LENGTH = Math.hypot(
  middle(standing, 'shoulder').x - middle(standing, 'ankle').x,
  middle(standing, 'shoulder').y - middle(standing, 'ankle').y,
);
const HIP_HEIGHT = middle(standing, 'ankle').y - middle(standing, 'hip').y;

/** One phase of a clip: a posture for each second `s` into it. */
type Phase = { seconds: number; posture: (s: number) => Posture };

function postureAt(phases: Phase[], t: number): Posture {
  let s = t;
  for (const phase of phases) {
    if (s < phase.seconds) return phase.posture(s);
    s -= phase.seconds;
  }
  const last = phases.at(-1)!;
  return last.posture(last.seconds);
}

/** The phases one after another, sampled `rate` times a second. */
function sampled(phases: Phase[], rate: number): PoseScan {
  const duration = phases.reduce((sum, phase) => sum + phase.seconds, 0);
  const samples: PoseSample[] = [];
  for (let i = 0; i / rate <= duration; i += 1)
    samples.push(poseSample(i / rate, postureAt(phases, i / rate)));
  return { duration, ...FRAME, tracks: [{ id: 1, samples }] };
}

const standFor = (seconds: number, posture: Posture = STANDING): Phase => ({
  seconds,
  posture: () => posture,
});
const ease = (share: number) => Math.sin((Math.PI / 2) * Math.min(1, Math.max(0, share))) ** 2;
const between = (from: number, to: number, share: number) => from + (to - from) * ease(share);

/** How high a flight of `airTime` seconds lifts the athlete, in pixels (free fall). */
export const flightLift = (airTime: number) => (GRAVITY * airTime ** 2) / 8;

export type JumpSpec = {
  airTime: number;
  /** The most the knees bend while absorbing the landing. */
  landingKneeAngle: number;
  /** Knee angle at the bottom of the loading dip. */
  dipKneeAngle?: number;
  /** Arms from take-off to landing; hanging when absent. */
  arms?: { raise: number; elbowAngle: number };
  /** The ankles blur out of sight in the air. */
  anklesHiddenInAir?: boolean;
};

// Phase lengths (s): a countermovement dip, and a landing's absorption then recovery.
const DIP_SECONDS = 0.6;
const ABSORB_SECONDS = 0.3;
const RECOVER_SECONDS = 0.6;

/**
 * Vertical jumps from standing: a loading dip, take-off with hips and ankles rising together,
 * a free-fall flight of `airTime`, and a landing bent to `landingKneeAngle`. Each jump starts
 * after 1 s of standing; take-off is at 1.6 s for the first one.
 */
export function jumpSet(jumps: JumpSpec[], rate = 30): PoseScan {
  const phases: Phase[] = [];
  for (const jump of jumps) {
    const dip = jump.dipKneeAngle ?? 120;
    // The elbows keep their angle from the dip to the landing; the arms swing up and down.
    const arms = (share: number): Partial<Posture> =>
      jump.arms
        ? { armRaise: between(10, jump.arms.raise, share), elbowAngle: jump.arms.elbowAngle }
        : {};
    const { landingKneeAngle: landing, airTime } = jump;
    phases.push(
      standFor(1),
      {
        seconds: DIP_SECONDS,
        posture: (s) => ({
          ...STANDING,
          kneeAngle: 175 - (175 - dip) * Math.sin((Math.PI * s) / DIP_SECONDS) ** 2,
          ...arms((s - DIP_SECONDS / 2) / (DIP_SECONDS / 2)),
        }),
      },
      {
        seconds: airTime,
        posture: (s) => ({
          ...STANDING,
          lift: (GRAVITY * s * (airTime - s)) / 2,
          anklesHidden: jump.anklesHiddenInAir,
          ...arms(1),
        }),
      },
      {
        seconds: ABSORB_SECONDS + RECOVER_SECONDS,
        posture: (s) => ({
          ...STANDING,
          kneeAngle:
            s < ABSORB_SECONDS
              ? 175 - (175 - landing) * Math.sin(((Math.PI / 2) * s) / ABSORB_SECONDS)
              : 175 -
                (175 - landing) *
                  Math.cos(((Math.PI / 2) * (s - ABSORB_SECONDS)) / RECOVER_SECONDS),
          ...arms(1 - s / ABSORB_SECONDS),
        }),
      },
    );
  }
  phases.push(standFor(1));
  return sampled(phases, rate);
}

/**
 * Walk in, hold still for `seconds` while the whole body sways about the ankles by `sway`
 * (hip movement, share of body length) at `swayHz`, walk out. The hold starts at 1 s. With
 * `armsSweepAt` (seconds into the hold) the arms sweep from out in front to overhead in 0.3 s
 * there, the hips staying still: a flow from one pose into the next.
 */
export function holdSet(
  {
    seconds,
    sway,
    swayHz = 0.2,
    armsSweepAt,
  }: { seconds: number; sway: number; swayHz?: number; armsSweepAt?: number },
  rate = 30,
): PoseScan {
  const arms = (s: number): Partial<Posture> =>
    armsSweepAt === undefined
      ? {}
      : { armRaise: between(90, 170, (s - armsSweepAt) / 0.3), elbowAngle: 175 };
  const swayDegrees = (Math.asin((sway * BODY_LENGTH) / HIP_HEIGHT) * 180) / Math.PI;
  const walk = (from: number, to: number, holdAt: number): Phase => ({
    seconds: 1,
    posture: (s) => ({ ...STANDING, shift: from + (to - from) * s, ...arms(holdAt) }),
  });
  return sampled(
    [
      walk(-250, 0, 0),
      {
        seconds,
        posture: (s) => ({
          ...STANDING,
          sway: swayDegrees * Math.sin(2 * Math.PI * swayHz * s),
          ...arms(s),
        }),
      },
      walk(0, 250, seconds),
    ],
    rate,
  );
}

export type SwingSpec = {
  /** Seconds from the takeaway to the hands at the top. */
  backswing: number;
  /** Seconds the hands wait at the top before starting down (a pause). */
  pause?: number;
  /** Seconds from leaving the top to impact. */
  downswing: number;
  /** The elbows at address: nearly straight for a golfer, bent for a tennis ready position. */
  addressElbow?: number;
};

// A golfer's set-up: bent forward from the hips, knees soft, arms hanging.
const ADDRESS: Posture = { kneeAngle: 160, trunkLean: 35, armRaise: 0, elbowAngle: 175 };
// The arms at the top of the backswing and at a held finish (degrees of raise).
const TOP_RAISE = 130;
const FINISH_RAISE = 150;

/**
 * One golf swing seen from the side: a set-up held for 1 s, the arms swinging up to the top
 * (takeaway at 1 s, the top at 1 + `backswing`), waiting there for `pause`, down to address
 * height at impact (1 + backswing + pause + downswing), up into a finish held for 1 s.
 */
export function swingSet(
  { backswing, pause = 0, downswing, addressElbow = 175 }: SwingSpec,
  rate = 60,
): PoseScan {
  const address = { ...ADDRESS, elbowAngle: addressElbow };
  const arms = (raise: number): Posture => ({ ...ADDRESS, armRaise: raise });
  return sampled(
    [
      standFor(1, address),
      { seconds: backswing, posture: (s) => arms(between(0, TOP_RAISE, s / backswing)) },
      ...(pause ? [standFor(pause, arms(TOP_RAISE))] : []),
      { seconds: downswing, posture: (s) => arms(between(TOP_RAISE, 0, s / downswing)) },
      { seconds: 0.4, posture: (s) => arms(between(0, FINISH_RAISE, s / 0.4)) },
      standFor(1, arms(FINISH_RAISE)),
    ],
    rate,
  );
}
