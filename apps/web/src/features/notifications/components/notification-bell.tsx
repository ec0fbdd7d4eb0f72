import { BellIcon } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { useNotifications } from '../api/get-notifications';
import { bellLabel, unreadBadge } from '../lib/unread-label';

/**
 * The bell in the top bar: the unread count, kept live by the event stream, and the way to the
 * Notifications page. A polite live region says when the count rises, without moving focus.
 */
export function NotificationBell({ className }: { className?: string }) {
  const notifications = useNotifications();
  const { pathname } = useLocation();
  const unread = notifications.data?.unreadCount ?? 0;
  const here = pathname === '/notifications';

  return (
    <>
      <Button
        asChild
        variant="ghost"
        size="icon"
        className={cn('relative', here && 'bg-accent text-accent-foreground', className)}
      >
        <Link
          to="/notifications"
          aria-label={bellLabel(unread)}
          aria-current={here ? 'page' : undefined}
          data-testid="notification-bell"
        >
          <BellIcon aria-hidden />
          {unread > 0 ? (
            <span
              aria-hidden
              data-testid="notification-count"
              className="absolute -top-0.5 -right-0.5 flex h-4.5 min-w-4.5 items-center justify-center rounded-full bg-destructive px-1 text-[0.6875rem] leading-none font-bold text-destructive-foreground tabular-nums ring-2 ring-background"
            >
              {unreadBadge(unread)}
            </span>
          ) : null}
        </Link>
      </Button>
      <span className="sr-only" role="status">
        {unread > 0 ? `${unread} unread notifications` : ''}
      </span>
    </>
  );
}
