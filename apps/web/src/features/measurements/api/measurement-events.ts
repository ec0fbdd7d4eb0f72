import type { MeasurementChanged } from '@filmroom/contract';
import type { QueryClient } from '@tanstack/react-query';
import { measurementsQueryKey } from '@/lib/query-keys';
import { defineEventHandler, refetchAfterEvent } from '@/lib/server-events';

/**
 * A `measurement` event: an editor saved, changed or deleted one of the video's measurements.
 * A page showing them (the Measure tab, a side of Compare) fetches them again; one that does
 * not only marks them stale.
 */
export async function applyMeasurementEventToCache(
  queryClient: QueryClient,
  event: MeasurementChanged,
): Promise<void> {
  await refetchAfterEvent(queryClient, measurementsQueryKey(event.videoId));
}

export const measurementEventHandler = defineEventHandler({
  event: 'measurement',
  apply: applyMeasurementEventToCache,
  catchUp: (address) => /^\/api\/videos\/[^/]+\/measurements$/.test(address),
});
