import type { UpdateVideoBody, Video, VideoDetail } from '@filmroom/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toastSuccess } from '@/components/ui/use-toast';
import { apiRequest } from '@/lib/query-client';
import { VIDEOS_QUERY_KEY, videoQueryKey } from '@/lib/query-keys';

async function updateVideo(id: string, body: UpdateVideoBody): Promise<Video> {
  const res = await apiRequest('PATCH', `/api/videos/${id}`, body);
  return (await res.json()) as Video;
}

/** Title and description (edit access). */
export function useUpdateVideo(id: string, options: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateVideoBody) => updateVideo(id, body),
    onSuccess: (video) => {
      // The answer has no analysis: keep the one already shown.
      queryClient.setQueryData<VideoDetail>(videoQueryKey(id), (previous) =>
        previous ? { ...previous, ...video } : previous,
      );
      void queryClient.invalidateQueries({ queryKey: VIDEOS_QUERY_KEY });
      toastSuccess('Video details updated successfully');
      options.onSuccess?.();
    },
  });
}
