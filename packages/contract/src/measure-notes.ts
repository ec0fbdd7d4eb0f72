/**
 * What the Measure tab, Compare and the burned-in export say where a court rectangle's numbers
 * do not hold (issue 32), worded once here so the three read the same. A court rectangle maps
 * the picture onto the ground: a point above it is placed where its line of sight meets the
 * floor, further away than it is (see measure-ground).
 */
import type { MeasureJoint } from './measurements';

/*
 * The two notes sit beside a value in one burned-in line ("Bar path 2.31 m/s (off the
 * ground)"), which must fit across a portrait export at its font (about 45 characters at 720 px
 * wide): they are short, and the Measure tab's sentences below say the rest.
 */

/** A moment where the measured point was off the ground (beside its value, as a label). */
export const OFF_GROUND_NOTE = 'off the ground';

/** A joint path above the ground (a hip, a wrist) measured on a court rectangle. */
export const ABOVE_GROUND_NOTE = 'above ground, approx.';

/** The Measure tab's sentence under the off-ground stretches (`when`: their times, listed). */
export const offGroundSentence = (when: string, peakIsOne: boolean) =>
  `Off the ground at ${when}: distances and speeds there are measured as if on the court, and a point in the air reads further away than it is.${peakIsOne ? ' The peak speed is one of them.' : ''}`;

/** The Measure tab's sentence for a joint path above the ground (`joint`: its name). */
export const aboveGroundSentence = (joint: string) =>
  `${joint} is above the ground: its distances and speeds on the court are approximate, measured where its line of sight meets the floor, further away than it is.`;

/** A value with the note that qualifies it: "Bar path 2.3 m/s (off the ground)". */
export const withNote = (value: string, note: string | null) =>
  note === null ? value : `${value} (${note})`;

/**
 * The joints that are the athlete's feet: on the ground whenever they stand, so judged moment
 * by moment like a picked point; any other joint is above the ground throughout.
 */
const FOOT_JOINTS: readonly MeasureJoint[] = ['left_ankle', 'right_ankle'];
export const isFootJoint = (joint: MeasureJoint) => FOOT_JOINTS.includes(joint);
