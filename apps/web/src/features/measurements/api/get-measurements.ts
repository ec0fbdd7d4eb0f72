import type { Measurement } from '@filmroom/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { measurementsQueryKey } from '@/lib/query-keys';

/** A video's measurements (calibration, bar path, angle), fetched once the Measure tab opens. */
export function useMeasurements(videoId: string, { enabled }: { enabled: boolean }) {
  // The shared query function fetches the key's address (lib/query-client); the tab shows its
  // own error state with Retry.
  return useQuery({
    ...queryOptions<Measurement[]>({
      queryKey: measurementsQueryKey(videoId),
      meta: { showErrorToast: false },
    }),
    enabled,
  });
}
