import type { ChooseJerseyColorsBody, User } from '@filmroom/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toastSuccess } from '@/components/ui/use-toast';
import { apiRequest } from '@/lib/query-client';
import { USER_QUERY_KEY } from '@/lib/query-keys';

async function updateJerseyColors(body: ChooseJerseyColorsBody): Promise<User> {
  const res = await apiRequest('PUT', '/api/user/jersey-colors', body);
  return (await res.json()) as User;
}

/** Replaces the colours the user plays in. */
export function useUpdateJerseyColors() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateJerseyColors,
    onSuccess: (user) => {
      queryClient.setQueryData(USER_QUERY_KEY, user);
      toastSuccess('Jersey colors updated successfully');
    },
  });
}
