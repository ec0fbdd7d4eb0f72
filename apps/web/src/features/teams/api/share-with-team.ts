import type { AccessLevel, TeamShare } from '@filmroom/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toastSuccess } from '@/components/ui/use-toast';
import { apiRequest, withFallbackMessage } from '@/lib/query-client';
import { TEAMS_QUERY_KEY } from '@/lib/query-keys';
import { teamSharesPath, type SharedThing } from '../lib/shared-thing';
import { teamSharesQueryKey } from './get-team-shares';

type TeamShareBody = { teamId: string; accessLevel?: AccessLevel };

function shareWithTeam(thing: SharedThing, body: TeamShareBody): Promise<TeamShare> {
  return withFallbackMessage(async () => {
    // A playlist share is always view level: its body takes only the team.
    const payload = thing.kind === 'playlist' ? { teamId: body.teamId } : body;
    const res = await apiRequest('POST', teamSharesPath(thing), payload);
    return (await res.json()) as TeamShare;
  }, 'Failed to share with the team');
}

/** Shares with a team; sharing a video again with the same team changes its level. */
export function useShareWithTeam(thing: SharedThing) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TeamShareBody) => shareWithTeam(thing, body),
    onSuccess: (share) => {
      toastSuccess(`Shared with ${share.team.name}`);
      void queryClient.invalidateQueries({ queryKey: teamSharesQueryKey(thing) });
      void queryClient.invalidateQueries({ queryKey: TEAMS_QUERY_KEY });
    },
  });
}
