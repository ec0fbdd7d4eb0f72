import type { CreateTeamBody, Team } from '@filmroom/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toastSuccess } from '@/components/ui/use-toast';
import { apiRequest, withFallbackMessage } from '@/lib/query-client';
import { TEAMS_QUERY_KEY } from '@/lib/query-keys';

function createTeam(body: CreateTeamBody): Promise<Team> {
  return withFallbackMessage(async () => {
    const res = await apiRequest('POST', '/api/teams', body);
    return (await res.json()) as Team;
  }, 'Failed to create the team');
}

export function useCreateTeam(options: { onSuccess?: (team: Team) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTeam,
    onSuccess: (team) => {
      toastSuccess(`Team ${team.name} created`);
      void queryClient.invalidateQueries({ queryKey: TEAMS_QUERY_KEY });
      options.onSuccess?.(team);
    },
  });
}
