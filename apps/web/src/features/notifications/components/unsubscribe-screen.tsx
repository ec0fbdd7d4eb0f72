import { MailCheckIcon, MailXIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { LinkOutcome, LinkProblem } from '@/components/layout/link-problem';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { MISSING_TOKEN_MESSAGE } from '@filmroom/contract/values';
import { useUnsubscribe } from '../api/unsubscribe';

/**
 * /unsubscribe?token=…, the link at the foot of every notification email. Opening it changes
 * nothing (mail scanners follow links); the button does, signed in or not.
 */
export function UnsubscribeScreen({
  Layout,
  signedIn,
}: {
  Layout: (props: { title: string; children: ReactNode }) => ReactNode;
  signedIn: boolean;
}) {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const unsubscribe = useUnsubscribe();
  const home = (
    <Button
      asChild
      size="lg"
      variant={unsubscribe.isSuccess ? 'default' : 'outline'}
      className="w-full"
    >
      <Link to={signedIn ? '/settings' : '/'}>{signedIn ? 'Open Settings' : 'Sign In'}</Link>
    </Button>
  );
  const problem = token === '' ? MISSING_TOKEN_MESSAGE : unsubscribe.error?.message;

  return (
    <Layout title="Notification emails">
      {problem ? (
        <LinkProblem
          message={`${problem.replace(/^\d{3}: /, '')} You can also choose under Settings > Notification emails.`}
        >
          {home}
        </LinkProblem>
      ) : unsubscribe.isSuccess ? (
        <LinkOutcome
          icon={MailCheckIcon}
          title="You're unsubscribed"
          message="FilmRoom will send no more emails about notifications to this address. The bell in the app still shows them, and you can turn emails back on in Settings."
        >
          {home}
        </LinkOutcome>
      ) : (
        <LinkOutcome
          icon={MailXIcon}
          title="Stop notification emails?"
          message="No more emails about replies, reactions, shared videos or finished analyses. Sign-in, password and invitation emails still come."
        >
          <div className="grid gap-3">
            <Button
              size="lg"
              className="w-full"
              disabled={unsubscribe.isPending}
              onClick={() => unsubscribe.mutate(token)}
            >
              {unsubscribe.isPending ? <Spinner /> : <MailXIcon aria-hidden />}
              Unsubscribe
            </Button>
            {home}
          </div>
        </LinkOutcome>
      )}
    </Layout>
  );
}
