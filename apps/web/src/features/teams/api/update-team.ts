import type { Team, UpdateTeamBody } from '@filmroom/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toastSuccess } from '@/components/ui/use-toast';
import { apiRequest, withFallbackMessage } from '@/lib/query-client';
import { TEAMS_QUERY_KEY } from '@/lib/query-keys';

function updateTeam(teamId: string, body: UpdateTeamBody): Promise<Team> {
  return withFallbackMessage(async () => {
    const res = await apiRequest('PATCH', `/api/teams/${teamId}`, body);
    return (await res.json()) as Team;
  }, 'Failed to save the team');
}

export function useUpdateTeam(teamId: string, options: { onSuccess?: (team: Team) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateTeamBody) => updateTeam(teamId, body),
    onSuccess: (team) => {
      toastSuccess(`Team ${team.name} saved`);
      void queryClient.invalidateQueries({ queryKey: TEAMS_QUERY_KEY });
      options.onSuccess?.(team);
    },
  });
}
