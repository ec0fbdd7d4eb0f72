import type { AnswerRosterInvitationBody, RosterInvitation } from '@filmroom/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/query-client';
import { COACHES_QUERY_KEY } from './get-coaches';

/** The invitation behind a mailed link; asked with POST so the token stays out of logs. */
function getRosterInvitationQueryOptions(token: string) {
  return queryOptions<RosterInvitation>({
    queryKey: ['/api/roster-invitation', token],
    queryFn: async () => {
      const res = await apiRequest('POST', '/api/roster-invitation', { token });
      return (await res.json()) as RosterInvitation;
    },
    // The screen explains a refused link itself.
    meta: { showErrorToast: false },
  });
}

export function useRosterInvitation(token: string) {
  return useQuery({ ...getRosterInvitationQueryOptions(token), enabled: token !== '' });
}

/** Answers by the mailed link, signed in or not. */
export function useAnswerRosterInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: AnswerRosterInvitationBody) => {
      const res = await apiRequest('POST', '/api/roster-invitation/answer', body);
      return (await res.json()) as RosterInvitation;
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: COACHES_QUERY_KEY }),
  });
}
