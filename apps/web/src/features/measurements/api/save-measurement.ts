import type { Measurement, MeasurementBody } from '@filmroom/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, withFallbackMessage } from '@/lib/query-client';
import { measurementsQueryKey } from '@/lib/query-keys';

/** Adds a measurement, or replaces the one with `id` (a corrected track, a new calibration). */
async function saveMeasurement(
  videoId: string,
  { id, body }: { id: string | null; body: MeasurementBody },
): Promise<Measurement> {
  return withFallbackMessage(async () => {
    const url = `/api/videos/${videoId}/measurements`;
    const res = id
      ? await apiRequest('PUT', `${url}/${id}`, body)
      : await apiRequest('POST', url, body);
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
