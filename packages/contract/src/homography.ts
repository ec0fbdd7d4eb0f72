/**
 * The plane projective map (homography) from four point pairs: how a flat rectangle on the
 * ground, seen in perspective, maps back to its real size. A direct linear transform of the
 * four correspondences (eight equations, eight unknowns with h₃₃ = 1), each side first moved to
 * its centroid and scaled (Hartley's normalisation) so a picture's thousands of pixels and a
 * court's few metres do not make the system ill-conditioned. No npm package for this is kept
 * up to date (perspective-transform was last published in 2016, untyped), and the whole of it
 * is an 8×8 solve.
 */

export type PlanePoint = { x: number; y: number };
/** Row-major 3×3, [h11 h12 h13 h21 h22 h23 h31 h32 h33]. */
export type Homography = readonly number[];
export type Quad = readonly [PlanePoint, PlanePoint, PlanePoint, PlanePoint];

/** Maps a point through a homography; null at (or beyond) the horizon of the plane. */
export function applyHomography(h: Homography, point: PlanePoint): PlanePoint | null {
  const w = h[6]! * point.x + h[7]! * point.y + h[8]!;
  if (!(Math.abs(w) > 1e-12)) return null;
  return {
    x: (h[0]! * point.x + h[1]! * point.y + h[2]!) / w,
    y: (h[3]! * point.x + h[4]! * point.y + h[5]!) / w,
  };
}

/**
 * The inverse map (the plane back to the picture); null when the map is degenerate. A 3×3
 * inverse by its adjugate.
 */
export function invertHomography(h: Homography): Homography | null {
  const [a, b, c, d, e, f, g, i, j] = h;
  const cofactors = [
    e! * j! - f! * i!,
    c! * i! - b! * j!,
    b! * f! - c! * e!,
    f! * g! - d! * j!,
    a! * j! - c! * g!,
    c! * d! - a! * f!,
    d! * i! - e! * g!,
    b! * g! - a! * i!,
    a! * e! - b! * d!,
  ];
  const determinant = a! * cofactors[0]! + b! * cofactors[3]! + c! * cofactors[6]!;
  if (!(Math.abs(determinant) > 1e-15)) return null;
  return cofactors.map((value) => value / determinant);
}

/**
 * The local linear map of the homography at a point (∂(X,Y)/∂(x,y)), as [a b c d]: a picture
 * step (dx, dy) moves the mapped point by (a·dx + b·dy, c·dx + d·dy). Speeds and distances on
 * the plane scale by it, which is why it varies across a picture seen in perspective.
 */
export function homographyJacobian(
  h: Homography,
  point: PlanePoint,
): [number, number, number, number] {
  const u = h[0]! * point.x + h[1]! * point.y + h[2]!;
  const v = h[3]! * point.x + h[4]! * point.y + h[5]!;
  const w = h[6]! * point.x + h[7]! * point.y + h[8]!;
  const w2 = w * w;
  return [
    (h[0]! * w - u * h[6]!) / w2,
    (h[1]! * w - u * h[7]!) / w2,
    (h[3]! * w - v * h[6]!) / w2,
    (h[4]! * w - v * h[7]!) / w2,
  ];
}

/** Centroid to the origin, mean distance √2: the similarity and its inverse, both as 3×3. */
function normalising(points: readonly PlanePoint[]): { forward: number[]; inverse: number[] } {
  const cx = points.reduce((sum, p) => sum + p.x, 0) / points.length;
  const cy = points.reduce((sum, p) => sum + p.y, 0) / points.length;
  const meanDistance =
    points.reduce((sum, p) => sum + Math.hypot(p.x - cx, p.y - cy), 0) / points.length;
  const s = meanDistance > 0 ? Math.SQRT2 / meanDistance : 1;
  return {
    forward: [s, 0, -s * cx, 0, s, -s * cy, 0, 0, 1],
    inverse: [1 / s, 0, cx, 0, 1 / s, cy, 0, 0, 1],
  };
}

function multiply(a: readonly number[], b: readonly number[]): number[] {
  const out = new Array<number>(9).fill(0);
  for (let i = 0; i < 3; i += 1) {
    for (let j = 0; j < 3; j += 1) {
      for (let k = 0; k < 3; k += 1) out[i * 3 + j]! += a[i * 3 + k]! * b[k * 3 + j]!;
    }
  }
  return out;
}

const determinant = (m: readonly number[]) =>
  m[0]! * (m[4]! * m[8]! - m[5]! * m[7]!) -
  m[1]! * (m[3]! * m[8]! - m[5]! * m[6]!) +
  m[2]! * (m[3]! * m[7]! - m[4]! * m[6]!);

/** Gaussian elimination with partial pivoting; null when the system is singular. */
function solveLinear(matrix: number[][], rhs: number[]): number[] | null {
  const n = rhs.length;
  const a = matrix.map((row, i) => [...row, rhs[i]!]);
  for (let col = 0; col < n; col += 1) {
    let pivot = col;
    for (let row = col + 1; row < n; row += 1) {
      if (Math.abs(a[row]![col]!) > Math.abs(a[pivot]![col]!)) pivot = row;
    }
    if (!(Math.abs(a[pivot]![col]!) > 1e-12)) return null;
    [a[col], a[pivot]] = [a[pivot]!, a[col]!];
    for (let row = col + 1; row < n; row += 1) {
      const factor = a[row]![col]! / a[col]![col]!;
      for (let k = col; k <= n; k += 1) a[row]![k]! -= factor * a[col]![k]!;
    }
  }
  const x = new Array<number>(n).fill(0);
  for (let row = n - 1; row >= 0; row -= 1) {
    let sum = a[row]![n]!;
    for (let k = row + 1; k < n; k += 1) sum -= a[row]![k]! * x[k]!;
    x[row] = sum / a[row]![row]!;
  }
  return x;
}

/**
 * The homography taking each `from` point to its `to` point, scaled to unit length with w > 0
 * at the `from` points (h₃₃ may be 0 when the picture's corner lies on the horizon); null when
 * the four points do not fix one (three of either four in a line).
 */
export function solveHomography(from: Quad, to: Quad): Homography | null {
  const nFrom = normalising(from);
  const nTo = normalising(to);
  const rows: number[][] = [];
  const rhs: number[] = [];
  for (let i = 0; i < 4; i += 1) {
    const p = applyHomography(nFrom.forward, from[i]!)!;
    const q = applyHomography(nTo.forward, to[i]!)!;
    // X = (h1 x + h2 y + h3) / (h7 x + h8 y + 1), and the same for Y.
    rows.push([p.x, p.y, 1, 0, 0, 0, -p.x * q.x, -p.y * q.x]);
    rhs.push(q.x);
    rows.push([0, 0, 0, p.x, p.y, 1, -p.x * q.y, -p.y * q.y]);
    rhs.push(q.y);
  }
  const solved = solveLinear(rows, rhs);
  if (!solved) return null;
  // Three points in a line can still solve the equations, with a map that folds the plane
  // onto a line (a singular matrix): no perspective of a plane.
  const normalised = [...solved, 1];
  const size = Math.hypot(...normalised);
  if (!(Math.abs(determinant(normalised)) / size ** 3 > 1e-9)) return null;
  // Undo the normalisations: H = T_to⁻¹ · Ĥ · T_from.
  const h = multiply(multiply(nTo.inverse, normalised), nFrom.forward);
  const w = h[6]! * from[0].x + h[7]! * from[0].y + h[8]!;
  const scale = Math.sign(w) * Math.hypot(...h);
  if (!(Math.abs(w) > 0) || !h.every(Number.isFinite)) return null;
  return h.map((value) => value / scale);
}
