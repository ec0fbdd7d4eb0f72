import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorState } from '@/components/layout/error-state';
import { Skeleton } from '@/components/ui/skeleton';

/** A page's loading skeleton, its error with a retry, or its content once loaded. */
export function Loaded<T>({
  query,
  what,
  children,
}: {
  query: UseQueryResult<T>;
  what: string;
  children: (data: T) => ReactNode;
}) {
  if (query.data !== undefined) return <>{children(query.data)}</>;
  if (query.isError) {
    return (
      <ErrorState
        title={`${what} couldn't load`}
        message={query.error.message}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
        className="py-10"
      />
    );
  }
  return (
    <div role="status" aria-label={`Loading ${what.toLowerCase()}`} className="grid gap-2">
      <Skeleton className="h-14 w-full" />
      <Skeleton className="h-14 w-full" />
      <Skeleton className="h-14 w-full" />
    </div>
  );
}
