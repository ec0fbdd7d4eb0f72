import { NOTIFICATIONS_QUERY_KEY } from '@/lib/query-keys';
import { defineEventHandler, refetchAfterEvent } from '@/lib/server-events';

/** The user's own notifications changed (the bell's count): the list is fetched again. */
export const notificationsEventHandler = defineEventHandler({
  event: 'notifications',
  apply: (queryClient) => refetchAfterEvent(queryClient, NOTIFICATIONS_QUERY_KEY),
  catchUp: (address) => address === NOTIFICATIONS_QUERY_KEY[0],
});
