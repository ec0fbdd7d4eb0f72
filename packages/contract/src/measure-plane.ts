/**
 * Calibrating on a rectangle of the ground (issue 32): the coach marks the four corners of a
 * court marking of known size, in order around it, and the picture maps onto that plane by a
 * homography. Distances and speeds on the ground then come out in metres wherever the picture
 * shows the plane, foreshortening and all, with an uncertainty that grows away from the
 * rectangle (the map is extrapolated there).
 */
import {
  applyHomography,
  homographyJacobian,
  solveHomography,
  type Homography,
  type PlanePoint,
  type Quad,
} from './homography';

/**
 * Markings of fixed size on common courts and pitches, measured to the lines' outer edges as
 * the rules give them. `across` is the first side marked (corner 1 to 2), `along` the next
 * (corner 2 to 3); `firstSide` says which side that is on the court.
 */
export const PLANE_PRESETS = [
  {
    id: 'basketball-key-fiba',
    label: 'Basketball key (FIBA)',
    across: 4.9,
    along: 5.8,
    firstSide: 'along the end line',
    source:
      'FIBA Official Basketball Rules, Diagram 2: restricted area 4.90 m wide, free-throw line 5.80 m from the end line',
  },
  {
    id: 'basketball-key-nba',
    label: 'Basketball key (NBA)',
    across: 4.877,
    along: 5.791,
    firstSide: 'along the baseline',
    source: 'NBA Official Rules, Rule 1: lane 16 ft wide, free-throw line 19 ft from the baseline',
  },
  {
    id: 'tennis-service-box',
    label: 'Tennis service box',
    across: 4.115,
    along: 6.4,
    firstSide: 'along the net',
    source:
      'ITF Rules of Tennis, Rule 1: singles court 8.23 m wide, service line 6.40 m from the net',
  },
  {
    id: 'tennis-singles-half',
    label: 'Tennis singles court, one half',
    across: 8.23,
    along: 11.885,
    firstSide: 'along the net',
    source: 'ITF Rules of Tennis, Rule 1: singles court 23.77 m × 8.23 m',
  },
  {
    id: 'volleyball-half',
    label: 'Volleyball court, one half',
    across: 9,
    along: 9,
    firstSide: 'along the centre line',
    source: 'FIVB Official Volleyball Rules, Rule 1.1: playing court 18 m × 9 m',
  },
  {
    id: 'badminton-doubles-half',
    label: 'Badminton court, one half (doubles)',
    across: 6.1,
    along: 6.7,
    firstSide: 'along the net',
    source: 'BWF Laws of Badminton, Law 1: court 13.40 m × 6.10 m',
  },
  {
    id: 'handball-half',
    label: 'Handball court, one half',
    across: 20,
    along: 20,
    firstSide: 'along the centre line',
    source: 'IHF Rules of the Game, Rule 1: court 40 m × 20 m',
  },
  {
    id: 'football-penalty-area',
    label: 'Football penalty area',
    across: 40.32,
    along: 16.5,
    firstSide: 'along the goal line',
    source: 'IFAB Laws of the Game, Law 1: penalty area 16.5 m deep, 40.32 m wide',
  },
  {
    id: 'football-goal-area',
    label: 'Football goal area',
    across: 18.32,
    along: 5.5,
    firstSide: 'along the goal line',
    source: 'IFAB Laws of the Game, Law 1: goal area 5.5 m deep, 18.32 m wide',
  },
] as const;
export type PlanePresetId = (typeof PLANE_PRESETS)[number]['id'];
export const PLANE_PRESET_IDS = PLANE_PRESETS.map((preset) => preset.id) as [
  PlanePresetId,
  ...PlanePresetId[],
];

/**
 * How far a marked corner may be from the true one, in the video's pixels: a click on where two
 * painted lines meet, on a paused frame, lands within about two pixels (lines are 5 cm wide,
 * a few pixels at most distances, and compression blurs their edges by one or two).
 */
export const PLANE_CORNER_PIXELS = 2;
/**
 * A corner whose triangle with its two neighbours holds less than this share of the quad lies
 * practically on the line between them: the perspective is then not fixed by the corners. The
 * share is unchanged by any affine change of the picture, so it reads the same in percent of
 * the picture as in pixels. 1% is a rectangle seen so edge-on that its far side looks a hundredth
 * as long as its near side, far beyond what a camera beside a court sees.
 */
const IN_A_LINE_SHARE = 0.01;

const cross = (o: PlanePoint, a: PlanePoint, b: PlanePoint) =>
  (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);

/** Whether segments ab and cd cross at a point inside both. */
function segmentsCross(a: PlanePoint, b: PlanePoint, c: PlanePoint, d: PlanePoint): boolean {
  const d1 = cross(a, b, c);
  const d2 = cross(a, b, d);
  const d3 = cross(c, d, a);
  const d4 = cross(c, d, b);
  return d1 * d2 < 0 && d3 * d4 < 0;
}

/**
 * What is wrong with four marked corners, or null when they make a rectangle seen in
 * perspective: such a rectangle always looks convex, its corners marked in order around it.
 * Corners are numbered from 1 as the coach marked them.
 */
export function quadProblem(corners: Quad): string | null {
  const span = Math.max(
    ...corners.flatMap((a) => corners.map((b) => Math.hypot(a.x - b.x, a.y - b.y))),
  );
  for (let i = 0; i < 4; i += 1) {
    for (let j = i + 1; j < 4; j += 1) {
      const gap = Math.hypot(corners[i]!.x - corners[j]!.x, corners[i]!.y - corners[j]!.y);
      if (!(span > 0) || gap < span * 1e-3) {
        return `corners ${i + 1} and ${j + 1} are on the same spot: mark the four corners of the rectangle`;
      }
    }
  }
  if (
    segmentsCross(corners[0], corners[1], corners[2], corners[3]) ||
    segmentsCross(corners[1], corners[2], corners[3], corners[0])
  ) {
    return 'the corners are marked crosswise: mark them in order around the rectangle';
  }
  const turns = corners.map((corner, i) =>
    cross(corners[(i + 3) % 4]!, corner, corners[(i + 1) % 4]!),
  );
  const area = Math.abs(turns.reduce((sum, turn) => sum + turn, 0)) / 4;
  for (let i = 0; i < 4; i += 1) {
    // Each turn is twice the triangle at its corner; the turns add up to four times the quad.
    if (Math.abs(turns[i]!) / 2 < IN_A_LINE_SHARE * area) {
      const [before, after] = [((i + 3) % 4) + 1, ((i + 1) % 4) + 1];
      return `corners ${before}, ${i + 1} and ${after} are in a line: mark the corners of a rectangle on the ground`;
    }
  }
  const positive = turns.filter((turn) => turn > 0).length;
  if (positive === 1 || positive === 3) {
    const odd = turns.findIndex((turn) => (positive === 1 ? turn > 0 : turn < 0));
    return `corner ${odd + 1} is inside the others: a rectangle on the ground looks convex, so corner ${odd + 1} is misplaced`;
  }
  return null;
}

/** The picture mapped onto the marked rectangle, with what its corners' error does to it. */
export type PlaneCalibration = {
  kind: 'plane';
  /** From the video's pixels to metres on the plane, from corner 1 along the first side. */
  homography: Homography;
  /**
   * Metres per pixel at the rectangle's centre along its most foreshortened direction: what a
   * pixel's step is worth there, for rounding.
   */
  metresPerPixel: number;
  /** Relative uncertainty of distances and speeds at the rectangle's centre. */
  relativeUncertainty: number;
  /** The homography re-solved with each corner coordinate moved by PLANE_CORNER_PIXELS. */
  perturbed: readonly Homography[];
  /** The rectangle's centre in the video's pixels. */
  centre: PlanePoint;
};

/** The real rectangle's corners, in the order the coach marks them. */
const rectangleOf = (across: number, along: number): Quad => [
  { x: 0, y: 0 },
  { x: across, y: 0 },
  { x: across, y: along },
  { x: 0, y: along },
];

/** Largest singular value of a 2×2 [a b c d]: the most a unit step is stretched. */
function largestStretch([a, b, c, d]: readonly number[]): number {
  const sum = a! * a! + b! * b! + c! * c! + d! * d!;
  const det = a! * d! - b! * c!;
  return Math.sqrt((sum + Math.sqrt(Math.max(0, sum * sum - 4 * det * det))) / 2);
}

/**
 * Relative uncertainty of distances and speeds measured near a point (video pixels): how much
 * the local scale of the map changes when each marked corner moves by its error, the eight
 * coordinates' effects added in quadrature (a first-order propagation). A shift of the whole
 * plane does not change a speed, so only the local linear map is compared.
 */
export function planeUncertaintyAt(calibration: PlaneCalibration, point: PlanePoint): number {
  const base = homographyJacobian(calibration.homography, point);
  const norm = Math.hypot(...base);
  if (!(norm > 0)) return Number.POSITIVE_INFINITY;
  let sum = 0;
  for (const h of calibration.perturbed) {
    const moved = homographyJacobian(h, point);
    sum += (Math.hypot(...moved.map((value, i) => value - base[i]!)) / norm) ** 2;
  }
  return Math.sqrt(sum);
}

/**
 * The plane from four corners in the video's pixels and the rectangle's real size; null when
 * the corners are not a rectangle seen in perspective (see quadProblem) or a size is not
 * positive.
 */
export function calibratePlaneInPixels(
  corners: Quad,
  across: number,
  along: number,
): PlaneCalibration | null {
  if (!(across > 0) || !(along > 0) || quadProblem(corners) !== null) return null;
  const rectangle = rectangleOf(across, along);
  const homography = solveHomography(corners, rectangle);
  if (!homography) return null;
  const perturbed: Homography[] = [];
  for (let i = 0; i < 4; i += 1) {
    for (const axis of ['x', 'y'] as const) {
      const moved = corners.map((corner, j) =>
        j === i ? { ...corner, [axis]: corner[axis] + PLANE_CORNER_PIXELS } : corner,
      ) as unknown as Quad;
      const h = solveHomography(moved, rectangle);
      if (h) perturbed.push(h);
    }
  }
  const centre = {
    x: corners.reduce((sum, c) => sum + c.x, 0) / 4,
    y: corners.reduce((sum, c) => sum + c.y, 0) / 4,
  };
  // The rectangle's true centre is where its diagonals cross, not the corners' mean.
  const diagonalsMeet = intersection(corners[0], corners[2], corners[1], corners[3]) ?? centre;
  const calibration: PlaneCalibration = {
    kind: 'plane',
    homography,
    metresPerPixel: largestStretch(homographyJacobian(homography, diagonalsMeet)),
    relativeUncertainty: 0,
    perturbed,
    centre: diagonalsMeet,
  };
  calibration.relativeUncertainty = planeUncertaintyAt(calibration, diagonalsMeet);
  return calibration;
}

/** Where lines ab and cd meet; null when parallel. */
function intersection(
  a: PlanePoint,
  b: PlanePoint,
  c: PlanePoint,
  d: PlanePoint,
): PlanePoint | null {
  const denominator = (a.x - b.x) * (c.y - d.y) - (a.y - b.y) * (c.x - d.x);
  if (Math.abs(denominator) < 1e-12) return null;
  const t = ((a.x - c.x) * (c.y - d.y) - (a.y - c.y) * (c.x - d.x)) / denominator;
  return { x: a.x + t * (b.x - a.x), y: a.y + t * (b.y - a.y) };
}

/** A point of the picture (video pixels) on the plane, in metres; null beyond its horizon. */
export function planeMetres(calibration: PlaneCalibration, point: PlanePoint): PlanePoint | null {
  return applyHomography(calibration.homography, point);
}
