import type { Team } from '@filmroom/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toastSuccess } from '@/components/ui/use-toast';
import { apiRequest, withFallbackMessage } from '@/lib/query-client';
import { TEAMS_QUERY_KEY } from '@/lib/query-keys';

function addTeamMember(teamId: string, athleteId: string): Promise<Team> {
  return withFallbackMessage(async () => {
    const res = await apiRequest('POST', `/api/teams/${teamId}/members`, { athleteId });
    return (await res.json()) as Team;
  }, 'Failed to add the athlete');
}

/** Puts an athlete of the coach's roster on the team. */
export function useAddTeamMember(teamId: string, options: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (athleteId: string) => addTeamMember(teamId, athleteId),
    onSuccess: () => {
      toastSuccess('Athlete added to the team');
      void queryClient.invalidateQueries({ queryKey: TEAMS_QUERY_KEY });
      options.onSuccess?.();
    },
  });
}
