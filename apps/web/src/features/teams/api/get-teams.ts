import type { Team } from '@filmroom/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { TEAMS_QUERY_KEY } from '@/lib/query-keys';

function getTeamsQueryOptions() {
  // The shared query function fetches the key's address (lib/query-client).
  return queryOptions<Team[]>({ queryKey: TEAMS_QUERY_KEY });
}

/** The coach's own teams and the teams the user is on. */
export function useTeams() {
  return useQuery(getTeamsQueryOptions());
}
