import type { LoginBody, User } from '@filmroom/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toastServerMessage, toastSuccess } from '@/components/ui/use-toast';
import { apiRequest } from '@/lib/query-client';
import { USER_QUERY_KEY } from '@/lib/query-keys';

async function login(body: LoginBody): Promise<User> {
  const res = await apiRequest('POST', '/api/login', body);
  return (await res.json()) as User;
}

export function useLogin(options: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    // The shared Error toast would read "401: ..."; these forms show the server's words.
    meta: { showErrorToast: false },
    onError: toastServerMessage,
    mutationFn: login,
    onSuccess: (user) => {
      queryClient.setQueryData(USER_QUERY_KEY, user);
      toastSuccess('Logged in successfully');
      options.onSuccess?.();
    },
  });
}
