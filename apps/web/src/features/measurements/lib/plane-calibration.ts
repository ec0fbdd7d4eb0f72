import {
  PLANE_PRESETS,
  quadProblem,
  uncertaintyAt,
  type Calibration,
  type CalibrationPlane,
  type PictureSize,
  type PlanePresetId,
} from '@filmroom/contract';

type Point = { x: number; y: number };

/** A court marking from the presets, or a rectangle the coach measured themselves. */
export type PlaneChoice = PlanePresetId | 'custom';

/** Where corners marked by keyboard start: a trapezoid in the picture's lower middle. */
export const KEYBOARD_CORNERS: readonly Point[] = [
  { x: 38, y: 45 },
  { x: 62, y: 45 },
  { x: 75, y: 80 },
  { x: 25, y: 80 },
];

const metresFrom = (text: string) => {
  const value = Number(text.replace(',', '.'));
  return text.trim() !== '' && Number.isFinite(value) && value > 0 ? value : null;
};

/** The rectangle's real sides, from the preset or the coach's two typed lengths. */
function planeSize(
  choice: PlaneChoice,
  acrossText: string,
  alongText: string,
): { across: number; along: number } | null {
  if (choice !== 'custom') {
    const preset = PLANE_PRESETS.find((candidate) => candidate.id === choice)!;
    return { across: preset.across, along: preset.along };
  }
  const across = metresFrom(acrossText);
  const along = metresFrom(alongText);
  return across !== null && along !== null ? { across, along } : null;
}

/**
 * The plane to save from what is marked and chosen, or the problem with the corners (named
 * as the server names it); both null while corners or a size are still missing.
 */
export function planeSpec(
  corners: readonly Point[],
  choice: PlaneChoice,
  acrossText: string,
  alongText: string,
): { plane: CalibrationPlane | null; problem: string | null } {
  if (corners.length < 4) return { plane: null, problem: null };
  const quad = corners.slice(0, 4) as [Point, Point, Point, Point];
  const problem = quadProblem(quad);
  if (problem) return { plane: null, problem };
  const size = planeSize(choice, acrossText, alongText);
  if (!size) return { plane: null, problem: null };
  return {
    plane: {
      basis: 'plane',
      corners: quad,
      ...size,
      ...(choice === 'custom' ? {} : { preset: choice }),
    },
    problem: null,
  };
}

/**
 * The largest uncertainty of the calibration along a measured path: on a plane it grows where
 * the path leaves the marked rectangle, and that is where a coach must hear of it.
 */
export function worstUncertaintyOnPath(
  path: readonly Point[],
  picture: PictureSize,
  calibration: Calibration,
): number {
  if (path.length === 0) return calibration.relativeUncertainty;
  return Math.max(...path.map((point) => uncertaintyAt(point, picture, calibration)));
}
