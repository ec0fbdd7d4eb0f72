/**
 * What the Measure tab, Compare and the burned-in export say where a court rectangle's numbers
 * do not hold (issue 32), worded once here so the three read the same. A court rectangle maps
 * the picture onto the ground: a point above it is placed where its line of sight meets the
 * floor, further away than it is (see measure-ground).
 */

/** A moment where the measured point was off the ground (beside its value, as a label). */
export const OFF_GROUND_NOTE = 'off the ground: not on the court';

/** The Measure tab's sentence under the off-ground stretches (`when`: their times, listed). */
export const offGroundSentence = (when: string, peakIsOne: boolean) =>
  `Off the ground at ${when}: distances and speeds there are measured as if on the court, and a point in the air reads further away than it is.${peakIsOne ? ' The peak speed is one of them.' : ''}`;

/** A value with the note that qualifies it: "Bar path 2.3 m/s (off the ground: not on the court)". */
export const withNote = (value: string, note: string | null) =>
  note === null ? value : `${value} (${note})`;
