import type { ReactNode } from 'react';
import { Skeleton } from '@/components/ui/skeleton';

/**
 * A page whose code or data is still on its way: the spec's 'Loading...' for screen readers and
 * a placeholder of a page's shape (heading, then content) so nothing jumps when it arrives.
 * `children` go first: what the page shows before its data (a way back, say).
 */
export function PageLoading({ children }: { children?: ReactNode }) {
  return (
    <div className="grid gap-6" aria-busy>
      {children}
      <p role="status" className="text-sm font-medium text-muted-foreground">
        Loading...
      </p>
      <Skeleton className="h-9 w-2/3 max-w-md" />
      <Skeleton className="aspect-video w-full rounded-xl" />
    </div>
  );
}
