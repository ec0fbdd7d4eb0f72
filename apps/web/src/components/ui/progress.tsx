import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';
import { normalizeProgressMax, normalizeProgressValue, progressState } from './progress-state';

type ProgressProps = Omit<ComponentProps<'div'>, 'children'> & {
  value?: number | null;
  max?: number;
  /** Classes for the filled part. */
  indicatorClassName?: string;
};

/**
 * A progress bar with the spec's rules (§4, §5): an unknown value shows an indeterminate
 * sweep, and `data-state` says indeterminate, loading or complete. Give it an accessible name
 * (aria-label or aria-labelledby).
 */
export function Progress({ value, max, className, indicatorClassName, ...props }: ProgressProps) {
  const maximum = normalizeProgressMax(max);
  const current = normalizeProgressValue(value, maximum);
  const state = progressState(current, maximum);
  return (
    <div
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={maximum}
      aria-valuenow={current ?? undefined}
      data-state={state}
      data-slot="progress"
      className={cn('relative h-2 w-full overflow-hidden rounded-full bg-primary/15', className)}
      {...props}
    >
      <div
        data-state={state}
        className={cn(
          'h-full rounded-full bg-primary transition-[width] duration-300 ease-out motion-reduce:transition-none',
          state === 'indeterminate' && 'w-1/3 animate-progress-sweep motion-reduce:animate-none',
          indicatorClassName,
        )}
        style={current === null ? undefined : { width: `${(current / maximum) * 100}%` }}
      />
    </div>
  );
}
