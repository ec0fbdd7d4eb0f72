import { NotificationsPage } from '@/features/notifications/components/notifications-page';

/** Beyond the spec (issue 18): the bell's list. */
export function NotificationsRoute() {
  return <NotificationsPage />;
}
