import type { Athlete } from './athlete';
import type { MovementModule } from './types';

/**
 * Where within the playback factors that fit a clip it lies, by the movement's own pace: read
 * on the middle factor's clock, its defining phase takes `slowness` times longer than in life,
 * so the clip plays about middle × slowness times slower. Recognition's fit saturates (a stride
 * fits every speed from a jog's to a sprint's), so without this the factor is only the middle
 * of the range. Kept within the range: one phase's pace varies between people more than the
 * whole movement's fit does. Undefined where the module has no pace or its phase was not seen.
 */
export function pacedFactor(
  module: Pick<MovementModule, 'slowness'>,
  athleteAt: (factor: number) => Athlete,
  fitting: { low: number; high: number },
): number | undefined {
  const middle = Math.sqrt(fitting.low * fitting.high);
  const slowness = module.slowness?.(athleteAt(middle));
  if (slowness === undefined || !(slowness > 0)) return undefined;
  return Math.min(fitting.high, Math.max(fitting.low, middle * slowness));
}
