import type { MessageResponse } from '@filmroom/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toastSuccess } from '@/components/ui/use-toast';
import { apiRequest } from '@/lib/query-client';
import { USER_QUERY_KEY } from '@/lib/query-keys';

async function logout(): Promise<MessageResponse> {
  const res = await apiRequest('POST', '/api/logout');
  return (await res.json()) as MessageResponse;
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    // Spec §8: logout has no error toast.
    meta: { showErrorToast: false },
    onSuccess: () => {
      queryClient.setQueryData(USER_QUERY_KEY, null);
      // Nothing the previous user saw may linger for the next one on this device.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== USER_QUERY_KEY[0] });
      toastSuccess('Logged out successfully');
    },
    onError: () => {
      // Without a toast, let the server say whether the session still exists: if it has
      // already ended, the user query answers 401 and the sign-in screen shows.
      void queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
    },
  });
}
