import type { Playlist } from '@filmroom/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/query-client';
import { PLAYLISTS_QUERY_KEY, playlistQueryKey } from '@/lib/query-keys';

/** What the owner may change in a playlist; each answers with the playlist as it now is. */
export type PlaylistChange =
  | { kind: 'add'; clipId: string }
  | { kind: 'remove'; itemId: string }
  | { kind: 'reorder'; itemIds: string[] }
  | { kind: 'rename'; title: string };

async function changePlaylist(playlistId: string, change: PlaylistChange): Promise<Playlist> {
  const base = `/api/playlists/${playlistId}`;
  const res =
    change.kind === 'add'
      ? await apiRequest('POST', `${base}/items`, { clipId: change.clipId })
      : change.kind === 'remove'
        ? await apiRequest('DELETE', `${base}/items/${change.itemId}`)
        : change.kind === 'reorder'
          ? await apiRequest('PUT', `${base}/order`, { itemIds: change.itemIds })
          : await apiRequest('PATCH', base, { title: change.title });
  return (await res.json()) as Playlist;
}

/**
 * Adds, removes, reorders or renames. A reorder shows at once (the list must not jump back
 * while the server answers) and goes back if the server refuses it. Move buttons stay enabled
 * meanwhile: disabling the focused one would drop the keyboard user's focus.
 */
export function useChangePlaylist(playlistId: string) {
  const queryClient = useQueryClient();
  const key = playlistQueryKey(playlistId);
  return useMutation({
    // One change at a time, in the order made: two quick moves must reach the server as made.
    scope: { id: `playlist-${playlistId}` },
    mutationFn: (change: PlaylistChange) => changePlaylist(playlistId, change),
    onMutate: (change) => {
      const before = queryClient.getQueryData<Playlist>(key);
      if (change.kind === 'reorder' && before) {
        const byId = new Map(before.items.map((item) => [item.id, item]));
        const items = change.itemIds.flatMap((id, position) => {
          const item = byId.get(id);
          return item ? [{ ...item, position }] : [];
        });
        queryClient.setQueryData<Playlist>(key, { ...before, items });
      }
      return { before };
    },
    onError: (_error, _change, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    onSuccess: (playlist) => {
      queryClient.setQueryData(key, playlist);
      void queryClient.invalidateQueries({ queryKey: PLAYLISTS_QUERY_KEY });
    },
  });
}
