import type { Poses } from '@filmroom/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { videoPosesQueryKey } from '@/lib/query-keys';

/**
 * A side's measured skeletons, fetched once the skeletons are shown and the side has an
 * analysis (before its scan the server answers 409). Same key as the player's Pose overlay.
 */
export function useComparePoses(id: string | null, { enabled }: { enabled: boolean }) {
  return useQuery({
    ...queryOptions<Poses>({ queryKey: videoPosesQueryKey(id ?? '') }),
    enabled: enabled && id !== null,
  });
}
