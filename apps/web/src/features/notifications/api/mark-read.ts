import type { NotificationList } from '@filmroom/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/query-client';
import { NOTIFICATIONS_QUERY_KEY } from '@/lib/query-keys';

/** Marks one notification read (`id`), or all of them (`all`); the answer is the new list. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (which: { id: string } | 'all') => {
      const res = await apiRequest(
        'POST',
        which === 'all' ? '/api/notifications/read-all' : `/api/notifications/${which.id}/read`,
      );
      return (await res.json()) as NotificationList;
    },
    onSuccess: (list) => queryClient.setQueryData(NOTIFICATIONS_QUERY_KEY, list),
  });
}
