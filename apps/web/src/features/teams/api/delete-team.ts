import type { MessageResponse } from '@filmroom/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toastSuccess } from '@/components/ui/use-toast';
import { apiRequest, withFallbackMessage } from '@/lib/query-client';
import { TEAMS_QUERY_KEY } from '@/lib/query-keys';

function deleteTeam(teamId: string): Promise<MessageResponse> {
  return withFallbackMessage(async () => {
    const res = await apiRequest('DELETE', `/api/teams/${teamId}`);
    return (await res.json()) as MessageResponse;
  }, 'Failed to delete the team');
}

/** Deletes the team: its members lose what was shared with it. */
export function useDeleteTeam(teamId: string, options: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteTeam(teamId),
    onSuccess: () => {
      toastSuccess('Team deleted');
      void queryClient.invalidateQueries({ queryKey: TEAMS_QUERY_KEY });
      options.onSuccess?.();
    },
  });
}
