import type { Notification, NotificationKind } from '@filmroom/contract';
import {
  AtSignIcon,
  BellOffIcon,
  CheckCheckIcon,
  CheckIcon,
  CircleAlertIcon,
  ListVideoIcon,
  MessageSquareIcon,
  MessageSquareReplyIcon,
  SmileIcon,
  SparklesIcon,
  UserRoundCheckIcon,
  UserRoundPlusIcon,
  type LucideIcon,
} from 'lucide-react';
import { Link } from 'react-router';
import { EmptyState } from '@/components/layout/empty-state';
import { ErrorState } from '@/components/layout/error-state';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { useNow } from '@/hooks/use-now';
import { formatRelativeTime } from '@/lib/relative-time';
import { cn } from '@/lib/utils';
import { useNotifications } from '../api/get-notifications';
import { useMarkRead } from '../api/mark-read';

const KIND_ICONS: Record<NotificationKind, LucideIcon> = {
  'video-shared': AtSignIcon,
  'note-added': MessageSquareIcon,
  'reply-added': MessageSquareReplyIcon,
  'reaction-added': SmileIcon,
  'analysis-ready': SparklesIcon,
  'analysis-failed': CircleAlertIcon,
  'invitation-accepted': UserRoundCheckIcon,
  'playlist-shared': ListVideoIcon,
  'roster-invitation': UserRoundPlusIcon,
};

/** The Notifications page's body: newest first, unread ones marked, each a link to its place. */
export function NotificationsList() {
  const notifications = useNotifications();
  const markRead = useMarkRead();
  const now = useNow();

  if (notifications.isError && !notifications.data) {
    return (
      <ErrorState
        title="Notifications couldn't load"
        message={notifications.error.message}
        onRetry={() => void notifications.refetch()}
        retrying={notifications.isFetching}
      />
    );
  }
  if (!notifications.data) {
    return (
      <div role="status" aria-label="Loading notifications" className="grid gap-2">
        <Skeleton className="h-20 w-full" />
        <Skeleton className="h-20 w-full" />
        <Skeleton className="h-20 w-full" />
      </div>
    );
  }
  const { unreadCount, notifications: items } = notifications.data;
  if (items.length === 0) {
    return (
      <EmptyState
        icon={BellOffIcon}
        title="No notifications yet"
        description="When someone shares a video with you, replies to a note or reacts to it, or an analysis finishes, it shows up here."
      />
    );
  }

  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {unreadCount === 0 ? 'All caught up' : `${unreadCount} unread`}
        </p>
        <Button
          variant="outline"
          size="sm"
          disabled={unreadCount === 0 || markRead.isPending}
          onClick={() => markRead.mutate('all')}
        >
          {markRead.isPending && markRead.variables === 'all' ? (
            <Spinner />
          ) : (
            <CheckCheckIcon aria-hidden />
          )}
          Mark all read
        </Button>
      </div>
      <Card className="gap-0 overflow-hidden p-0">
        <ul aria-label="Notifications" className="divide-y">
          {items.map((item) => (
            <NotificationItem
              key={item.id}
              item={item}
              now={now}
              onOpen={() => {
                if (!item.read) markRead.mutate({ id: item.id });
              }}
              onMarkRead={() => markRead.mutate({ id: item.id })}
              marking={
                markRead.isPending &&
                typeof markRead.variables === 'object' &&
                markRead.variables.id === item.id
              }
            />
          ))}
        </ul>
      </Card>
    </div>
  );
}

function NotificationItem({
  item,
  now,
  onOpen,
  onMarkRead,
  marking,
}: {
  item: Notification;
  now: Date;
  onOpen: () => void;
  onMarkRead: () => void;
  marking: boolean;
}) {
  const Icon = KIND_ICONS[item.kind];
  const failed = item.kind === 'analysis-failed';
  return (
    <li
      className={cn('flex items-start gap-3 px-4 py-3 sm:px-5', !item.read && 'bg-primary/5')}
      data-testid="notification"
      data-read={item.read}
    >
      <span
        className={cn(
          'relative mt-0.5 flex size-9 shrink-0 items-center justify-center rounded-full',
          failed ? 'bg-destructive/10 text-destructive' : 'bg-primary/10 text-primary',
        )}
      >
        <Icon className="size-4" aria-hidden />
        {/* Unread is told by a dot and weight, not by the tint alone. */}
        {!item.read ? (
          <span
            aria-hidden
            className="absolute -top-0.5 -right-0.5 size-2.5 rounded-full bg-primary ring-2 ring-background"
          />
        ) : null}
      </span>
      <div className="grid min-w-0 flex-1 gap-1">
        <Link
          to={item.link}
          onClick={onOpen}
          className={cn(
            'rounded-sm text-sm break-words text-foreground underline-offset-4 hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none',
            item.read ? 'font-normal' : 'font-semibold',
          )}
        >
          {!item.read ? <span className="sr-only">Unread: </span> : null}
          {item.summary}
        </Link>
        {item.annotation?.excerpt ? (
          <p className="line-clamp-2 text-sm break-words text-muted-foreground">
            “{item.annotation.excerpt}”
          </p>
        ) : null}
        <p className="text-xs text-muted-foreground">
          <time dateTime={item.createdAt}>{formatRelativeTime(item.createdAt, now)}</time>
        </p>
      </div>
      {!item.read ? (
        <Button
          variant="ghost"
          size="icon-sm"
          className="shrink-0"
          aria-label={`Mark read: ${item.summary}`}
          disabled={marking}
          onClick={onMarkRead}
        >
          {marking ? <Spinner /> : <CheckIcon aria-hidden />}
        </Button>
      ) : null}
    </li>
  );
}
