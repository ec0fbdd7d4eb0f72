import type { PlayerDetection, PlayerIdentificationBody, VideoDetail } from '@filmroom/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toastSuccess } from '@/components/ui/use-toast';
import { apiRequest } from '@/lib/query-client';
import { videoQueryKey } from '@/lib/query-keys';

async function identifyPlayer(
  videoId: string,
  body: PlayerIdentificationBody,
): Promise<PlayerDetection[]> {
  const res = await apiRequest('PUT', `/api/videos/${videoId}/player-identification`, body);
  return ((await res.json()) as { playerDetections: PlayerDetection[] }).playerDetections;
}

/**
 * Names a detected person by hand (edit access); the server keeps the naming for the next
 * Detect Players. The new detections replace those on the page. Failures get the Error toast.
 */
export function useIdentifyPlayer(videoId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { body: PlayerIdentificationBody; name: string }) =>
      identifyPlayer(videoId, input.body),
    onSuccess: (playerDetections, { name }) => {
      queryClient.setQueryData<VideoDetail>(videoQueryKey(videoId), (video) =>
        video?.analysis ? { ...video, analysis: { ...video.analysis, playerDetections } } : video,
      );
      toastSuccess(`Named ${name}`);
    },
  });
}
