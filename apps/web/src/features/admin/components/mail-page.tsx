import { InboxIcon, MailCheckIcon } from 'lucide-react';
import { EmptyState } from '@/components/layout/empty-state';
import { Badge } from '@/components/ui/badge';
import { useNow } from '@/hooks/use-now';
import { MAIL_KIND_LABELS } from '@/lib/mail-kinds';
import { formatRelativeTime } from '@/lib/relative-time';
import { useAdminMail } from '../api/pages';
import { Loaded } from '@/components/layout/loaded';

/** Every message kept instead of sent: without a relay, links reach people from here. */
export function MailPage() {
  const mail = useAdminMail();
  const now = useNow();
  return (
    <section aria-label="Mail" className="grid gap-4">
      <Loaded query={mail} what="Mail">
        {({ delivery, messages }) => (
          <>
            <p className="flex items-start gap-2 rounded-lg border bg-muted/50 px-4 py-3 text-sm text-muted-foreground">
              <MailCheckIcon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
              {delivery === 'smtp'
                ? 'This server sends mail through its SMTP relay; only mail kept before the relay was set is listed.'
                : 'This server has no mail relay (SMTP_URL), so every message is kept here. Copy a link and hand it to its owner.'}
            </p>
            {messages.length === 0 ? (
              <EmptyState
                icon={InboxIcon}
                title="No mail kept"
                description="Invitations, shares and password links show up here."
                titleAs="h3"
              />
            ) : (
              <ul aria-label="Kept mail" className="grid gap-2">
                {messages.map((message) => (
                  <li key={message.id} className="min-w-0 rounded-lg border bg-card">
                    <details>
                      <summary className="grid cursor-pointer list-none gap-1.5 rounded-lg px-4 py-3 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/40 [&::-webkit-details-marker]:hidden">
                        <span className="flex items-center justify-between gap-3">
                          <Badge variant="secondary">{MAIL_KIND_LABELS[message.kind]}</Badge>
                          <time
                            dateTime={message.createdAt}
                            className="text-xs text-muted-foreground"
                          >
                            {formatRelativeTime(message.createdAt, now)}
                          </time>
                        </span>
                        <span className="text-sm font-medium wrap-anywhere">{message.subject}</span>
                        <span className="text-xs text-muted-foreground wrap-anywhere">
                          to {message.to}
                        </span>
                      </summary>
                      <p className="border-t px-4 py-3 text-sm whitespace-pre-wrap text-muted-foreground wrap-anywhere select-all">
                        {message.text}
                      </p>
                    </details>
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </Loaded>
    </section>
  );
}
