import type { MessageResponse } from '@filmroom/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toastSuccess } from '@/components/ui/use-toast';
import { apiRequest, withFallbackMessage } from '@/lib/query-client';
import { TEAMS_QUERY_KEY, VIDEOS_QUERY_KEY } from '@/lib/query-keys';

function removeTeamMember(teamId: string, athleteId: string): Promise<MessageResponse> {
  return withFallbackMessage(async () => {
    const res = await apiRequest('DELETE', `/api/teams/${teamId}/members/${athleteId}`);
    return (await res.json()) as MessageResponse;
  }, 'Failed to remove the athlete from the team');
}

/** The coach takes an athlete off the team, or an athlete leaves it (their own id). */
export function useRemoveTeamMember(teamId: string, options: { leaving?: boolean } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (athleteId: string) => removeTeamMember(teamId, athleteId),
    onSuccess: () => {
      toastSuccess(options.leaving ? 'You left the team' : 'Athlete removed from the team');
      void queryClient.invalidateQueries({ queryKey: TEAMS_QUERY_KEY });
      // Leaving takes the team's videos away.
      if (options.leaving) void queryClient.invalidateQueries({ queryKey: VIDEOS_QUERY_KEY });
    },
  });
}
