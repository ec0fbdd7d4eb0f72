import { angleSeries, sampleNear, type PictureSize, type Poses } from '@filmroom/contract';
import { ANGLE_PRESETS, type AnglePresetId } from './angle-presets';

/**
 * Below this a knee or hip is bent enough that a head-to-foot line is no longer the standing
 * height. With the trunk upright, knees bent 15° from straight lower the crown by about 1 cm
 * (0.9 m of leg × (1 − cos 7.5°)); the trunk leaning 15° lowers it by about 3 cm; together
 * under 2% of a 1.80 m athlete, inside the 3% a height calibration states. At 30° (150°) the
 * legs alone lose 3 cm and a deep squat loses a third of the height.
 */
export const UPRIGHT_MIN_DEGREES = 165;

/** The joints whose bend shortens a standing body. */
const STANDING_JOINTS: AnglePresetId[] = ['left-knee', 'right-knee', 'left-hip', 'right-hip'];

/** How far from the line's frame a scanned pose still speaks for it (the scan's own step). */
const POSE_TOLERANCE_SECONDS = 0.25;

export type Bend = { joint: string; degrees: number };

/**
 * The most bent of the knees and hips the scan saw at `t`, when one is bent below
 * UPRIGHT_MIN_DEGREES; null when the athlete stands upright, or the scan has no pose there.
 * A help, not a proof: a camera in front of the athlete cannot see a bent knee's angle.
 */
export function bendAt(poses: Poses, t: number, picture: PictureSize): Bend | null {
  let worst: Bend | null = null;
  for (const id of STANDING_JOINTS) {
    const preset = ANGLE_PRESETS[id];
    const sample = sampleNear(
      angleSeries(poses, preset.joints, picture),
      t,
      POSE_TOLERANCE_SECONDS,
    );
    if (
      sample &&
      sample.degrees < UPRIGHT_MIN_DEGREES &&
      (!worst || sample.degrees < worst.degrees)
    ) {
      worst = { joint: preset.label, degrees: sample.degrees };
    }
  }
  return worst;
}
