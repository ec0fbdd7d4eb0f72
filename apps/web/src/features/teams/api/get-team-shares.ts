import type { TeamShare } from '@filmroom/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SharedThing } from '../lib/shared-thing';
import { teamSharesPath } from '../lib/shared-thing';

export function teamSharesQueryKey(thing: SharedThing) {
  return [teamSharesPath(thing)] as const;
}

function getTeamSharesQueryOptions(thing: SharedThing) {
  // The shared query function fetches the key's address (lib/query-client).
  return queryOptions<TeamShare[]>({
    queryKey: teamSharesQueryKey(thing),
    // The section shows its own error state.
    meta: { showErrorToast: false },
  });
}

/** The teams a video or playlist is shared with (who may share it only). */
export function useTeamShares(thing: SharedThing, { enabled }: { enabled: boolean }) {
  return useQuery({ ...getTeamSharesQueryOptions(thing), enabled });
}
