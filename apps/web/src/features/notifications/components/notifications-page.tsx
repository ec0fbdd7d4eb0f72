import { PageHeader } from '@/components/layout/page-header';
import { NotificationsList } from './notifications-list';

/** /notifications: everything the bell counts, newest first. */
export function NotificationsPage() {
  return (
    <>
      <PageHeader
        title="Notifications"
        description="Shared videos, notes and replies, reactions, finished analyses and accepted invitations."
      />
      <NotificationsList />
    </>
  );
}
