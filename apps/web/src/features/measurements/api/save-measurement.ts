import type { Measurement, MeasurementBody } from '@filmroom/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest, withFallbackMessage } from '@/lib/query-client';
import { measurementsQueryKey } from '@/lib/query-keys';

/**
 * Adds a measurement, or replaces the one with `id` (a corrected track, a new calibration). One
 * another editor deleted meanwhile (404) is added afresh: the coach's work is not lost to it.
 */
async function saveMeasurement(
  videoId: string,
  { id, body }: { id: string | null; body: MeasurementBody },
): Promise<Measurement> {
  return withFallbackMessage(async () => {
    const url = `/api/videos/${videoId}/measurements`;
    const add = () => apiRequest('POST', url, body);
    const res = id
      ? await apiRequest('PUT', `${url}/${id}`, body).catch((error: unknown) => {
          if (error instanceof ApiError && error.status === 404) return add();
          throw error;
        })
      : await add();
    return (await res.json()) as Measurement;
  }, 'Failed to save the measurement');
}

export function useSaveMeasurement(videoId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string | null; body: MeasurementBody }) =>
      saveMeasurement(videoId, input),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: measurementsQueryKey(videoId) });
    },
  });
}
