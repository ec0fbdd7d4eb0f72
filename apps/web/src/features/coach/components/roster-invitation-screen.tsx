import { CheckIcon, UsersRoundIcon, XIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { LinkOutcome, LinkProblem } from '@/components/layout/link-problem';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { MISSING_TOKEN_MESSAGE } from '@filmroom/contract/values';
import { useAnswerRosterInvitation, useRosterInvitation } from '../api/roster-invitation';

/** The signed-out screens' frame, passed in by the app (features do not import each other). */
export type LinkPageLayout = (props: { title: string; children: ReactNode }) => ReactNode;

/**
 * /roster-invitation?token=…, the link in a coach's invitation to an existing account. It
 * answers without signing in: the link itself proves the address it was sent to.
 */
export function RosterInvitationScreen({
  Layout,
  signedIn,
}: {
  Layout: LinkPageLayout;
  signedIn: boolean;
}) {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const invitation = useRosterInvitation(token);
  const answer = useAnswerRosterInvitation();
  const home = (
    <Button asChild size="lg" className="w-full">
      <Link to="/">{signedIn ? 'Go to FilmRoom' : 'Sign In'}</Link>
    </Button>
  );

  const problem =
    token === '' ? MISSING_TOKEN_MESSAGE : (answer.error ?? invitation.error)?.message;
  const shown = answer.data ?? invitation.data;

  return (
    <Layout title="Coach Invitation">
      {problem ? (
        <LinkProblem
          message={`${problem.replace(/^\d{3}: /, '')} You can still answer under Settings > Coaches.`}
        >
          {home}
        </LinkProblem>
      ) : !shown ? (
        <div role="status" className="flex items-center gap-3 text-muted-foreground">
          <Spinner />
          Opening the invitation…
        </div>
      ) : (
        <LinkOutcome
          icon={UsersRoundIcon}
          title={
            shown.status === 'accepted'
              ? `You're on ${shown.coach.name}'s list`
              : shown.status === 'declined'
                ? 'Invitation declined'
                : `${shown.coach.name} wants to add you to their athletes`
          }
          message={
            shown.status === 'pending' ? (
              <>
                The invitation went to{' '}
                <span className="font-medium text-foreground wrap-anywhere">{shown.email}</span>. If
                you accept, {shown.coach.name} sees your name and profile photos and can recognise
                you in their videos. You can leave their list at any time in Settings.
              </>
            ) : shown.status === 'accepted' ? (
              `${shown.coach.name} now sees your name and profile photos. Leave their list at any time in Settings > Coaches.`
            ) : (
              `${shown.coach.name} sees only your email address, as before.`
            )
          }
        >
          {shown.status === 'pending' ? (
            <div className="grid gap-3 sm:grid-cols-2">
              {(['accept', 'decline'] as const).map((what) => (
                <Button
                  key={what}
                  size="lg"
                  variant={what === 'accept' ? 'default' : 'outline'}
                  disabled={answer.isPending}
                  onClick={() => answer.mutate({ token, answer: what })}
                >
                  {answer.isPending && answer.variables.answer === what ? (
                    <Spinner />
                  ) : what === 'accept' ? (
                    <CheckIcon aria-hidden />
                  ) : (
                    <XIcon aria-hidden />
                  )}
                  {what === 'accept' ? 'Accept' : 'Decline'}
                </Button>
              ))}
            </div>
          ) : (
            home
          )}
        </LinkOutcome>
      )}
    </Layout>
  );
}
