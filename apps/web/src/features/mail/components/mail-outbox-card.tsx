import type { OutboxMessage } from '@filmroom/contract';
import { CheckIcon, CopyIcon, InboxIcon, MailCheckIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { EmptyState } from '@/components/layout/empty-state';
import { ErrorState } from '@/components/layout/error-state';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useNow } from '@/hooks/use-now';
import { MAIL_KIND_LABELS } from '@/lib/mail-kinds';
import { formatRelativeTime } from '@/lib/relative-time';
import { useMailOutbox } from '../api/get-mail-outbox';
import { firstLinkIn } from '../lib/outbox';

/**
 * Settings > Mail outbox (beyond the spec). Without an SMTP relay the server keeps mail instead
 * of sending it; each person sees here the mail addressed to them (invitations, shares), once
 * their address is confirmed. With a relay it says the mail goes out.
 */
export function MailOutboxCard() {
  const outbox = useMailOutbox();
  const titleId = useId();
  const now = useNow();
  const keeping = outbox.data?.delivery === 'outbox';

  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>Mail outbox</CardTitle>
        <CardDescription>
          {outbox.data === undefined
            ? 'Email sent to your address.'
            : keeping
              ? 'This server has no mail relay set up, so email sent to your address is kept here instead (once your address is confirmed). Ask whoever runs FilmRoom to set SMTP_URL.'
              : 'This server sends email through its SMTP relay, straight to your inbox, so nothing is kept here.'}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {outbox.isError && !outbox.data ? (
          <ErrorState
            title="Mail outbox couldn't load"
            message={outbox.error.message}
            onRetry={() => void outbox.refetch()}
            retrying={outbox.isFetching}
            className="py-8"
            titleAs="h3"
          />
        ) : !outbox.data ? (
          <div role="status" aria-label="Loading mail outbox" className="grid gap-2">
            <Skeleton className="h-16 w-full" />
            <Skeleton className="h-16 w-full" />
          </div>
        ) : outbox.data.messages.length === 0 ? (
          keeping ? (
            <EmptyState
              icon={InboxIcon}
              title="No mail yet"
              description="When someone shares a video with you or a coach invites you, the email shows up here."
              className="py-8 sm:py-10"
              titleAs="h3"
            />
          ) : (
            <p className="flex items-center gap-2 rounded-lg border bg-muted/50 px-4 py-3 text-sm text-muted-foreground">
              <MailCheckIcon className="size-4 shrink-0 text-primary" aria-hidden />
              Mail is delivered by the relay.
            </p>
          )
        ) : (
          <ul aria-label="Kept mail" className="grid gap-2">
            {outbox.data.messages.map((message) => (
              <OutboxItem key={message.id} message={message} now={now} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function OutboxItem({ message, now }: { message: OutboxMessage; now: Date }) {
  const link = firstLinkIn(message.text);
  return (
    <li className="min-w-0 rounded-lg border bg-card">
      <details className="group">
        <summary className="grid cursor-pointer list-none gap-1.5 rounded-lg px-4 py-3 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/40 [&::-webkit-details-marker]:hidden">
          <span className="flex items-center justify-between gap-3">
            <Badge variant="secondary">{MAIL_KIND_LABELS[message.kind]}</Badge>
            <time
              dateTime={message.createdAt}
              title={new Date(message.createdAt).toLocaleString()}
              className="text-xs text-muted-foreground"
            >
              {formatRelativeTime(message.createdAt, now)}
            </time>
          </span>
          <span className="text-sm font-medium wrap-anywhere">{message.subject}</span>
          <span className="text-xs text-muted-foreground wrap-anywhere">to {message.to}</span>
        </summary>
        <div className="grid gap-3 border-t px-4 py-3">
          <p className="text-sm whitespace-pre-wrap text-muted-foreground wrap-anywhere">
            {message.text}
          </p>
          {/* The clipboard is only there on https or localhost; the text above can still be selected. */}
          {link && window.isSecureContext && navigator.clipboard ? (
            <CopyLinkButton link={link} />
          ) : null}
        </div>
      </details>
    </li>
  );
}

function CopyLinkButton({ link }: { link: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="flex items-center gap-3">
      <Button
        variant="outline"
        size="sm"
        onClick={() => {
          navigator.clipboard.writeText(link).then(
            () => setCopied(true),
            () => setCopied(false),
          );
        }}
      >
        {copied ? <CheckIcon aria-hidden /> : <CopyIcon aria-hidden />}
        {copied ? 'Copied' : 'Copy Link'}
      </Button>
      <span role="status" className="sr-only">
        {copied ? 'Link copied' : ''}
      </span>
    </div>
  );
}
