import { LoaderCircleIcon } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

/** A decorative spinner; the surrounding element carries the accessible status text. */
export function Spinner({ className, ...props }: ComponentProps<'svg'>) {
  return (
    <LoaderCircleIcon
      aria-hidden
      className={cn('size-4 animate-spin motion-reduce:animate-none', className)}
      {...props}
    />
  );
}
