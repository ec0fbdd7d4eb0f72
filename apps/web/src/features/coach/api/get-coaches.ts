import type { CoachLink } from '@filmroom/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';

export const COACHES_QUERY_KEY = ['/api/roster/coaches'] as const;

function getCoachesQueryOptions() {
  // The shared query function fetches the key's address (lib/query-client).
  return queryOptions<CoachLink[]>({ queryKey: COACHES_QUERY_KEY });
}

/** The coaches whose list the athlete is on, and those who invited them (beyond the spec). */
export function useCoaches(options: { enabled?: boolean } = {}) {
  return useQuery({ ...getCoachesQueryOptions(), enabled: options.enabled ?? true });
}
