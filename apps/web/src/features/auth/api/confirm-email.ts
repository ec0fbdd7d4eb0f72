import type { ConfirmEmailResponse } from '@filmroom/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/query-client';

/**
 * Follows a link mailed to an address: confirms the account there, or says none uses it yet
 * (then the person signs up with the same token).
 */
async function confirmEmail(token: string): Promise<ConfirmEmailResponse> {
  const res = await apiRequest('POST', '/api/confirm-email', { token });
  return (await res.json()) as ConfirmEmailResponse;
}

export function useConfirmEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmEmail,
    // The screen explains a refused link itself.
    meta: { showErrorToast: false },
    onSuccess: ({ confirmed }) => {
      // Whatever waited for the address (shares, invitations) is the account's now.
      if (confirmed) void queryClient.invalidateQueries();
    },
  });
}
