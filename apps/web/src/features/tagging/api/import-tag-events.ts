import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/query-client';
import { tagAddressPrefix } from './tag-keys';

async function importTagEvents(videoId: string, xml: string): Promise<number> {
  const res = await apiRequest('POST', `/api/videos/${videoId}/tag-events/import`, { xml });
  return ((await res.json()) as { imported: number }).imported;
}

/** Adds a Sportscode XML file's instances to the video's events. */
export function useImportTagEvents(videoId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (xml: string) => importTagEvents(videoId, xml),
    onSuccess: () =>
      queryClient.invalidateQueries({
        predicate: (query) =>
          typeof query.queryKey[0] === 'string' &&
          query.queryKey[0].startsWith(tagAddressPrefix(videoId)),
      }),
  });
}
