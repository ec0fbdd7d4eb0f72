import type { RegisterBody, User } from '@filmroom/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toastServerMessage, toastSuccess } from '@/components/ui/use-toast';
import { apiRequest } from '@/lib/query-client';
import { USER_QUERY_KEY } from '@/lib/query-keys';

/** Creates the account; the server signs the new user in with the same answer. */
async function register(body: RegisterBody): Promise<User> {
  const res = await apiRequest('POST', '/api/register', body);
  return (await res.json()) as User;
}

export function useRegister(options: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    // The shared Error toast would read "401: ..."; these forms show the server's words.
    meta: { showErrorToast: false },
    onError: toastServerMessage,
    mutationFn: register,
    onSuccess: (user) => {
      queryClient.setQueryData(USER_QUERY_KEY, user);
      toastSuccess('Registration successful');
      options.onSuccess?.();
    },
  });
}
