import type { NotificationList } from '@filmroom/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { NOTIFICATIONS_QUERY_KEY } from '@/lib/query-keys';

function getNotificationsQueryOptions() {
  // The shared query function fetches the key's address (lib/query-client).
  return queryOptions<NotificationList>({
    queryKey: NOTIFICATIONS_QUERY_KEY,
    // The bell stays quiet and the page shows its own error state.
    meta: { showErrorToast: false },
  });
}

/** The newest notifications and the unread count; the event stream keeps them current. */
export function useNotifications() {
  return useQuery(getNotificationsQueryOptions());
}
