import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorState } from '@/components/layout/error-state';
import { Skeleton } from '@/components/ui/skeleton';

type LoadedProps<T> = {
  query: UseQueryResult<T>;
  /** What is loading, capitalised ("Team shares"): it names the error and the loading status. */
  what: string;
  /** Skeletons shaped like the content; three rows by default. */
  loading?: ReactNode;
  /** The error's heading level where it shows (see ErrorState). */
  titleAs?: 'h2' | 'h3' | 'h4';
  errorClassName?: string;
  children: (data: T) => ReactNode;
};

/**
 * A query's content once loaded; until then its skeleton, or its error with a retry. Data
 * already shown stays when a refetch fails: only a first load that failed shows the error.
 */
export function Loaded<T>({
  query,
  what,
  loading,
  titleAs,
  errorClassName,
  children,
}: LoadedProps<T>) {
  if (query.data !== undefined) return <>{children(query.data)}</>;
  if (query.isError) {
    return (
      <ErrorState
        title={`${what} couldn't load`}
        message={query.error.message}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
        className={errorClassName}
        titleAs={titleAs}
      />
    );
  }
  return (
    <div role="status" aria-label={`Loading ${what.toLowerCase()}`} className="grid gap-2">
      {loading ?? (
        <>
          <Skeleton className="h-14 w-full" />
          <Skeleton className="h-14 w-full" />
          <Skeleton className="h-14 w-full" />
        </>
      )}
    </div>
  );
}
