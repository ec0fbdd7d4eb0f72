import type { MessageResponse } from '@filmroom/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toastSuccess } from '@/components/ui/use-toast';
import { apiRequest, withFallbackMessage } from '@/lib/query-client';
import { TEAMS_QUERY_KEY } from '@/lib/query-keys';
import { teamSharesPath, type SharedThing } from '../lib/shared-thing';
import { teamSharesQueryKey } from './get-team-shares';

function removeTeamShare(thing: SharedThing, teamShareId: string): Promise<MessageResponse> {
  return withFallbackMessage(async () => {
    const res = await apiRequest('DELETE', `${teamSharesPath(thing)}/${teamShareId}`);
    return (await res.json()) as MessageResponse;
  }, 'Failed to stop sharing with the team');
}

/** Stops sharing with a team: its members lose access at once. */
export function useRemoveTeamShare(thing: SharedThing) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (teamShareId: string) => removeTeamShare(thing, teamShareId),
    onSuccess: () => {
      toastSuccess('No longer shared with the team');
      void queryClient.invalidateQueries({ queryKey: teamSharesQueryKey(thing) });
      void queryClient.invalidateQueries({ queryKey: TEAMS_QUERY_KEY });
    },
  });
}
