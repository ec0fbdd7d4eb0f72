/**
 * Turning points of a series after light smoothing, counting only swings larger than `minSwing`
 * (hysteresis): what a person would count as "went down, came back up".
 */
export function turningPoints(
  values: number[],
  minSwing: number,
): { minima: number; maxima: number } {
  const smooth = values.map((_, i) => {
    const window = values.slice(Math.max(0, i - 1), i + 2);
    return window.reduce((s, v) => s + v, 0) / window.length;
  });
  let minima = 0;
  let maxima = 0;
  let direction: 1 | -1 | 0 = 0;
  let extreme = smooth[0] ?? 0;
  for (const value of smooth) {
    if (direction === 0) {
      if (value > extreme + minSwing) direction = 1;
      else if (value < extreme - minSwing) direction = -1;
      else continue;
      extreme = value;
    } else if (direction === 1) {
      if (value > extreme) extreme = value;
      else if (value < extreme - minSwing) {
        maxima++;
        direction = -1;
        extreme = value;
      }
    } else if (value < extreme) extreme = value;
    else if (value > extreme + minSwing) {
      minima++;
      direction = 1;
      extreme = value;
    }
  }
  return { minima, maxima };
}
