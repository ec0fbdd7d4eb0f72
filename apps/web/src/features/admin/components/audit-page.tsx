import { ScrollTextIcon } from 'lucide-react';
import { EmptyState } from '@/components/layout/empty-state';
import { Badge } from '@/components/ui/badge';
import { useNow } from '@/hooks/use-now';
import { formatRelativeTime } from '@/lib/relative-time';
import { useAuditLog } from '../api/pages';
import { Loaded } from '@/components/layout/loaded';

const ACTION_LABELS: Record<string, string> = {
  'user.disable': 'Disabled an account',
  'user.enable': 'Enabled an account',
  'user.delete': 'Deleted an account',
  'user.password-link': 'Sent a password link',
  'job.retry': 'Retried a job',
  'job.cancel': 'Cancelled a job',
  'settings.test': 'Tested a setting',
};

/** What administrators did, newest first. */
export function AuditPage() {
  const audit = useAuditLog();
  const now = useNow();
  return (
    <section aria-label="Audit log" className="grid gap-4">
      <Loaded query={audit} what="Audit log">
        {({ entries }) =>
          entries.length === 0 ? (
            <EmptyState
              icon={ScrollTextIcon}
              title="Nothing done yet"
              description="Every action taken in the Admin area is written here."
              titleAs="h3"
            />
          ) : (
            <ol aria-label="Admin actions" className="grid gap-2">
              {entries.map((entry) => (
                <li
                  key={entry.id}
                  className="grid gap-1 rounded-lg border bg-card px-4 py-3 text-sm"
                >
                  <span className="flex flex-wrap items-center gap-2">
                    <Badge variant="secondary">{ACTION_LABELS[entry.action] ?? entry.action}</Badge>
                    <span className="font-medium wrap-anywhere">{entry.target}</span>
                  </span>
                  {entry.detail ? (
                    <span className="text-muted-foreground wrap-anywhere">{entry.detail}</span>
                  ) : null}
                  <span className="text-xs text-muted-foreground">
                    by {entry.adminEmail},{' '}
                    <time
                      dateTime={entry.createdAt}
                      title={new Date(entry.createdAt).toLocaleString()}
                    >
                      {formatRelativeTime(entry.createdAt, now)}
                    </time>
                  </span>
                </li>
              ))}
            </ol>
          )
        }
      </Loaded>
    </section>
  );
}
