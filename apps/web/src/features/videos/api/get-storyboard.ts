import { queryOptions, useQuery } from '@tanstack/react-query';
import { throwIfResNotOk } from '@/lib/query-client';
import { parseStoryboard } from '@/lib/storyboard';
import type { StoryboardTile } from '@/lib/storyboard';

function getStoryboardQueryOptions(url: string) {
  return queryOptions<StoryboardTile[]>({
    queryKey: [url],
    queryFn: async ({ signal }) => {
      const response = await fetch(url, { credentials: 'include', signal });
      await throwIfResNotOk(response);
      return parseStoryboard(await response.text(), url);
    },
    // The previews are decoration: without them the timeline still seeks, so no Error toast.
    meta: { showErrorToast: false },
  });
}

/** The storyboard's tiles for scrub previews (a few kilobytes of WebVTT), or none for old videos. */
export function useStoryboard(url: string | null) {
  return useQuery({ ...getStoryboardQueryOptions(url ?? ''), enabled: url !== null });
}
