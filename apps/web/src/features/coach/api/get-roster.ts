import type { CoachStudentLink } from '@filmroom/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';

export const ROSTER_QUERY_KEY = ['/api/coach/students'] as const;

function getRosterQueryOptions() {
  // The shared query function fetches the key's address (lib/query-client).
  return queryOptions<CoachStudentLink[]>({ queryKey: ROSTER_QUERY_KEY });
}

/** The coach's athletes as the Athletes page lists them (coaches only). */
export function useRoster({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getRosterQueryOptions(), enabled });
}
