import { PLAYLISTS_QUERY_KEY, playlistQueryKey } from '@/lib/query-keys';
import { defineEventHandler, refetchAfterEvent } from '@/lib/server-events';

/**
 * A `playlist` event: a playlist the user may see changed (its clips, their order or names, its
 * title, a source video deleted). The open playlist and the Playlists page fetch it again.
 */
export const playlistEventHandler = defineEventHandler({
  event: 'playlist',
  apply: async (queryClient, event) => {
    await Promise.all([
      refetchAfterEvent(queryClient, playlistQueryKey(event.id)),
      refetchAfterEvent(queryClient, PLAYLISTS_QUERY_KEY),
    ]);
  },
  catchUp: (address) => address.startsWith(PLAYLISTS_QUERY_KEY[0]),
});
