import type { CoachLink } from '@filmroom/contract';
import { CheckIcon, LogOutIcon, MailQuestionIcon, UsersRoundIcon, XIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { EmptyState } from '@/components/layout/empty-state';
import { ErrorState } from '@/components/layout/error-state';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { initialsOf } from '@/lib/initials';
import { useAnswerCoach, type CoachAnswer } from '../api/answer-coach';
import { useCoaches } from '../api/get-coaches';

/**
 * Settings > Coaches (beyond the spec): who invited the athlete and whose list they are on.
 * An invitation is answered here; a list is left here. Invitations go to the address, so until
 * it is confirmed there is nothing to show.
 */
export function CoachesCard({ emailConfirmed }: { emailConfirmed: boolean }) {
  const coaches = useCoaches({ enabled: emailConfirmed });
  const titleId = useId();

  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>Coaches</CardTitle>
        <CardDescription>
          A coach you accept sees your name and profile photos and can recognise you in their
          videos. You can leave a coach&apos;s list at any time.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {!emailConfirmed ? (
          <p className="rounded-lg border bg-muted/50 px-4 py-3 text-sm text-muted-foreground">
            Confirm your email address to see coaches&apos; invitations: they are sent to your
            address, so they wait until it&apos;s proven yours.
          </p>
        ) : coaches.isError && !coaches.data ? (
          <ErrorState
            title="Coaches couldn't load"
            message={coaches.error.message}
            onRetry={() => void coaches.refetch()}
            retrying={coaches.isFetching}
            className="py-8"
            titleAs="h3"
          />
        ) : !coaches.data ? (
          <div role="status" aria-label="Loading coaches" className="grid gap-2">
            <Skeleton className="h-14 w-full" />
          </div>
        ) : coaches.data.length === 0 ? (
          <EmptyState
            icon={UsersRoundIcon}
            title="No coaches yet"
            description="When a coach adds you to their athletes, their invitation shows up here."
            className="py-8 sm:py-10"
            titleAs="h3"
          />
        ) : (
          <ul aria-label="Your coaches" className="grid gap-2">
            {coaches.data.map((link) => (
              <CoachItem key={link.id} link={link} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function CoachItem({ link }: { link: CoachLink }) {
  const pending = link.status === 'pending';
  return (
    <li className="flex flex-wrap items-center gap-3 rounded-lg border bg-card px-3 py-2.5">
      <span
        aria-hidden
        className="grid size-9 shrink-0 place-items-center rounded-full bg-secondary text-xs font-bold text-secondary-foreground"
      >
        {initialsOf(link.coach.name)}
      </span>
      <span className="grid min-w-0 flex-1 gap-0.5">
        <span className="text-sm font-medium wrap-anywhere">{link.coach.name}</span>
        <span className="text-xs text-muted-foreground wrap-anywhere">{link.coach.username}</span>
      </span>
      {pending ? (
        <Badge variant="secondary">
          <MailQuestionIcon aria-hidden />
          Invitation
        </Badge>
      ) : null}
      <span className="ml-auto flex shrink-0 gap-2">
        {pending ? <InvitationButtons link={link} /> : <LeaveCoachDialog link={link} />}
      </span>
    </li>
  );
}

/** Accept and Decline for one coach's invitation; the banner in the shell uses them too. */
export function InvitationButtons({ link }: { link: CoachLink }) {
  const answer = useAnswerCoach();
  const busy = answer.isPending;
  const doing = (what: CoachAnswer) => busy && answer.variables?.answer === what;
  const label = (what: string) => `${what} ${link.coach.name}'s invitation`;
  return (
    <>
      <Button
        size="sm"
        aria-label={label('Accept')}
        disabled={busy}
        onClick={() => answer.mutate({ link, answer: 'accept' })}
      >
        {doing('accept') ? <Spinner /> : <CheckIcon aria-hidden />}
        Accept
      </Button>
      <Button
        size="sm"
        variant="outline"
        aria-label={label('Decline')}
        disabled={busy}
        onClick={() => answer.mutate({ link, answer: 'decline' })}
      >
        {doing('decline') ? <Spinner /> : <XIcon aria-hidden />}
        Decline
      </Button>
    </>
  );
}

function LeaveCoachDialog({ link }: { link: CoachLink }) {
  const [open, setOpen] = useState(false);
  const leave = useAnswerCoach({ onSuccess: () => setOpen(false) });
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button size="sm" variant="outline" aria-label={`Leave ${link.coach.name}'s list`}>
          <LogOutIcon aria-hidden />
          Leave
        </Button>
      }
      title="Leave this coach's list?"
      description={`${link.coach.name} will no longer see your name or profile photos, nor recognise you in their videos. Videos they shared with you stay shared.`}
      icon={<LogOutIcon aria-hidden />}
      confirmLabel="Leave List"
      pendingLabel="Leaving…"
      pending={leave.isPending}
      onConfirm={() => leave.mutate({ link, answer: 'leave' })}
    />
  );
}
