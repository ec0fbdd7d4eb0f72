import type { Poses } from '@filmroom/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { videoPosesQueryKey } from '@/lib/query-keys';

function getVideoPosesQueryOptions(id: string) {
  // The shared query function fetches the key's address (lib/query-client). The scan behind
  // the poses never changes once made, so one fetch per page is enough.
  return queryOptions<Poses>({ queryKey: videoPosesQueryKey(id) });
}

/**
 * The measured skeletons of a video, fetched only once someone turns the Pose overlay on:
 * a minute of clip is a few hundred kilobytes most viewers never need. Before the scan
 * exists the server answers 409, which gets the shared Error toast.
 */
export function useVideoPoses(id: string, { enabled }: { enabled: boolean }) {
  return useQuery({ ...getVideoPosesQueryOptions(id), enabled });
}
