/** Spec §9: the default maximum of a progress bar. */
const DEFAULT_PROGRESS_MAX = 100;

export type ProgressState = 'indeterminate' | 'loading' | 'complete';

/** Spec §5: the maximum must be a number above 0, else 100. */
export function normalizeProgressMax(max: number | null | undefined): number {
  return typeof max === 'number' && Number.isFinite(max) && max > 0 ? max : DEFAULT_PROGRESS_MAX;
}

/** Spec §5: the value must lie between 0 and the maximum, else it counts as unknown (null). */
export function normalizeProgressValue(
  value: number | null | undefined,
  max: number,
): number | null {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= max
    ? value
    : null;
}

/** Spec §4: indeterminate without a value, loading below the maximum, complete at it. */
export function progressState(value: number | null, max: number): ProgressState {
  if (value === null) return 'indeterminate';
  return value === max ? 'complete' : 'loading';
}
