/**
 * Where a measurement becomes worth a coach's word. The analysis text states these targets
 * beside the measured values, so they live in one place.
 */
export const THRESHOLDS = {
  /** Thighs about parallel: the depth a squat aims at, and the key metric chart's target line. */
  parallelKneeAngle: 90,
  /** Knee angle at the bottom above this is a shallow rep. */
  shallowKneeAngle: 100,
  /**
   * Knees that never bend past this in a repetition make it a dip or a bend at the hips, not a
   * squat: its depth is not judged (a ball player's ready stance is not a shallow squat).
   */
  squatKneeAngle: 150,
  /** Trunk lean at the bottom beyond this loads the lower back. */
  trunkLean: 45,
  /** Left/right knee angle difference at the bottom worth pointing out. */
  kneeDifference: 12,
  /** Repetition durations varying more than this (coefficient of variation) is uneven tempo. */
  tempoVariation: 0.2,
  /**
   * A landing whose knees bend no further than this is stiff: under 30° of knee flexion is the
   * usual line for a landing that sends the impact into the joints instead of the muscles.
   */
  stiffLandingKneeAngle: 150,
  /** Elbows opening past this are a fully extended arm (a straight line would be 180). */
  fullArmExtension: 160,
  /** A hold of at least this long (s) is worth judging for steadiness. */
  holdSeconds: 2,
  /**
   * Hip sway during a hold beyond this share of body length (about 7 cm on an adult) is a
   * visible wobble. Keypoint noise alone reads up to 3 % on a real clip standing still.
   */
  holdSway: 0.05,
  /** Feet apart by this many shoulder widths (narrowest, widest) is the usual squat stance. */
  stanceRatio: { min: 1, max: 1.5 },
  /** Hips travelling faster than this (body lengths/s, about a jog) make a movement worth a point. */
  notableSpeed: 1,
};

/** A squat that stopped short of depth; dips where the knees hardly bent are not judged. */
export function isShallowSquat(rep: { kneeAngleAtBottom: number | undefined }): boolean {
  const angle = rep.kneeAngleAtBottom;
  return (
    angle !== undefined && angle > THRESHOLDS.shallowKneeAngle && angle < THRESHOLDS.squatKneeAngle
  );
}
