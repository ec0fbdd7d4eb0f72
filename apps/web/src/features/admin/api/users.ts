import type { AdminUserList, MessageResponse } from '@filmroom/contract';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { toastSuccess } from '@/components/ui/use-toast';
import { apiRequest, withFallbackMessage } from '@/lib/query-client';
import { USER_QUERY_KEY } from '@/lib/query-keys';
import { ADMIN_PREFIX, adminQuery } from './admin-query';

/** Accounts whose name or address contains `q`. */
export function useAdminUsers(q: string) {
  return useQuery({
    ...adminQuery<AdminUserList>(`/users?q=${encodeURIComponent(q)}`),
    placeholderData: (previous) => previous,
  });
}

/** An action changes users, storage, mail and the audit log: refresh every admin page. */
export const refreshAdmin = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({
    predicate: (query) =>
      typeof query.queryKey[0] === 'string' && query.queryKey[0].startsWith(ADMIN_PREFIX),
  });

type UserAction = 'disable' | 'enable' | 'promote' | 'demote' | 'password-link' | 'delete';

const FALLBACKS: Record<UserAction, string> = {
  disable: 'Failed to disable the account',
  enable: 'Failed to enable the account',
  promote: 'Failed to make the account an administrator',
  demote: 'Failed to take administration from the account',
  'password-link': 'Failed to send a password link',
  delete: 'Failed to delete the account',
};

function actOnUser(action: UserAction, userId: string, confirmEmail?: string) {
  return withFallbackMessage(async () => {
    const res =
      action === 'delete'
        ? await apiRequest('DELETE', `${ADMIN_PREFIX}/users/${userId}`, { confirmEmail })
        : await apiRequest('POST', `${ADMIN_PREFIX}/users/${userId}/${action}`);
    return (await res.json()) as MessageResponse;
  }, FALLBACKS[action]);
}

/**
 * Disable, enable, promote, demote, mail a password link or delete (with the typed address) an
 * account.
 */
export function useUserAction(
  action: UserAction,
  userId: string,
  options: { onSuccess?: () => void } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (confirmEmail?: string) => actOnUser(action, userId, confirmEmail),
    onSuccess: (answer) => {
      toastSuccess(answer.message);
      void refreshAdmin(queryClient);
      // An administrator who stepped down loses the Admin area: the shell learns it from here.
      if (action === 'demote') void queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
      options.onSuccess?.();
    },
  });
}
