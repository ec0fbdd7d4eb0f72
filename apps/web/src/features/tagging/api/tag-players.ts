import type { TagPlayer } from '@filmroom/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { tagPlayersQueryKey } from './tag-keys';

/** Athletes an editor may tag on the video, with their shirt numbers. */
export function useTagPlayers(videoId: string, { enabled }: { enabled: boolean }) {
  return useQuery({
    ...queryOptions<TagPlayer[]>({
      queryKey: tagPlayersQueryKey(videoId),
      meta: { showErrorToast: false },
    }),
    enabled,
  });
}
