import type { UpdateProfileBody, User } from '@filmroom/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toastSuccess } from '@/components/ui/use-toast';
import { apiRequest } from '@/lib/query-client';
import { USER_QUERY_KEY } from '@/lib/query-keys';

async function updateProfile(body: UpdateProfileBody): Promise<User> {
  const res = await apiRequest('PUT', '/api/user/profile', body);
  return (await res.json()) as User;
}

/** Name and player number; the answer is the updated user, shown at once in the shell. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => {
      queryClient.setQueryData(USER_QUERY_KEY, user);
      toastSuccess('Profile updated successfully');
    },
  });
}
