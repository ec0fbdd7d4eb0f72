import type { PlayerDetection, VideoDetail } from '@filmroom/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toastSuccess } from '@/components/ui/use-toast';
import { apiRequest } from '@/lib/query-client';
import { videoQueryKey } from '@/lib/query-keys';

async function detectPlayers(videoId: string): Promise<PlayerDetection[]> {
  const res = await apiRequest('POST', `/api/videos/${videoId}/detect-players`);
  return ((await res.json()) as { playerDetections: PlayerDetection[] }).playerDetections;
}

/**
 * Matches the people in the video to the owner's athletes again (edit access) and puts the
 * new detections on the page. Failures get the shared Error toast.
 */
export function useDetectPlayers(videoId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => detectPlayers(videoId),
    onSuccess: (playerDetections) => {
      queryClient.setQueryData<VideoDetail>(videoQueryKey(videoId), (video) =>
        video?.analysis ? { ...video, analysis: { ...video.analysis, playerDetections } } : video,
      );
      toastSuccess('Player detection completed successfully');
    },
  });
}
