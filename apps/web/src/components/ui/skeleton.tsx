import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

/** A placeholder block while content loads; decorative, the page announces the loading. */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      aria-hidden
      data-slot="skeleton"
      className={cn('animate-pulse rounded-md bg-muted motion-reduce:animate-none', className)}
      {...props}
    />
  );
}
