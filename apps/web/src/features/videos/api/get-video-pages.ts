import type { VideoPage } from '@filmroom/contract';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { throwIfResNotOk } from '@/lib/query-client';
import { VIDEO_PAGES_QUERY_KEY } from '@/lib/query-keys';

/**
 * Cards per page: eight rows of the three-column grid, a few screens on a phone. The first
 * page is all the Videos page waits for.
 */
const VIDEO_PAGE_SIZE = 24;

async function fetchVideoPage(
  search: string,
  teamId: string,
  cursor: string | null,
  signal: AbortSignal,
) {
  const params = new URLSearchParams({ limit: String(VIDEO_PAGE_SIZE) });
  if (search) params.set('q', search);
  if (teamId) params.set('teamId', teamId);
  if (cursor) params.set('cursor', cursor);
  const res = await fetch(`/api/videos?${params}`, { credentials: 'include', signal });
  await throwIfResNotOk(res);
  return (await res.json()) as VideoPage;
}

/**
 * The user's videos and those shared with them, newest first, a page at a time; with a search,
 * only those whose title contains it (any case: the server matches). Under the list's own key,
 * so whatever refreshes the list (upload, delete, rename, events) refreshes these pages too.
 */
function getVideoPagesQueryOptions(search: string, teamId: string) {
  return infiniteQueryOptions({
    queryKey: [...VIDEO_PAGES_QUERY_KEY, search, teamId],
    queryFn: ({ pageParam, signal }) => fetchVideoPage(search, teamId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

/**
 * Spec §2 Videos: the grid's pages, of every video or of one team's ('' for every video); a
 * new search keeps the old cards until its answer comes.
 */
export function useVideoPages(search: string, teamId = '') {
  return useInfiniteQuery({
    ...getVideoPagesQueryOptions(search.trim(), teamId),
    placeholderData: keepPreviousData,
  });
}
