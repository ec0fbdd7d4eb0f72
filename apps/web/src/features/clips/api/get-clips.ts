import type { Clip } from '@filmroom/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';

export const CLIPS_QUERY_KEY = ['/api/clips'] as const;

/** Every clip the user made, newest first, of the videos they may still view. */
export function useMyClips() {
  return useQuery(
    queryOptions<Clip[]>({ queryKey: CLIPS_QUERY_KEY, meta: { showErrorToast: false } }),
  );
}
