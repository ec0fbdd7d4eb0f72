import type { ResetPasswordBody, User } from '@filmroom/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toastSuccess } from '@/components/ui/use-toast';
import { apiRequest } from '@/lib/query-client';
import { USER_QUERY_KEY } from '@/lib/query-keys';
import { passwordLinkProblem } from '../lib/password-rules';

/** Sets the password from a reset or invitation link; the server answers signed in. */
async function resetPassword(body: ResetPasswordBody): Promise<User> {
  const res = await apiRequest('POST', '/api/reset-password', body);
  return (await res.json()) as User;
}

export function useResetPassword(options: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetPassword,
    // A refused link gets the screen's own explanation and a way to a new link, not a toast.
    meta: { showErrorToast: (error: Error) => passwordLinkProblem(error) === null },
    onSuccess: (user) => {
      // The link may belong to someone other than whoever was signed in on this device: start
      // clean, as after a logout.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== USER_QUERY_KEY[0] });
      queryClient.setQueryData(USER_QUERY_KEY, user);
      toastSuccess('Password set successfully');
      options.onSuccess?.();
    },
  });
}
