import type { Measurement } from '@filmroom/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { measurementsQueryKey } from '@/lib/query-keys';

/**
 * A side's saved measurements (bar path, angle, stopwatch), drawn over its picture. Same key as
 * the Measure tab's, so a take measured a moment ago is already here. A failure only leaves the
 * side without them: the comparison itself still works.
 */
export function useCompareMeasurements(id: string) {
  return useQuery({
    ...queryOptions<Measurement[]>({
      queryKey: measurementsQueryKey(id),
      meta: { showErrorToast: false },
    }),
  });
}
