import { KeyRoundIcon, MailCheckIcon } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { LinkOutcome, LinkProblem } from '@/components/layout/link-problem';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { MISSING_TOKEN_MESSAGE } from '@filmroom/contract/values';
import { useConfirmEmail } from '../api/confirm-email';
import { AuthForm } from './auth-form';
import { AuthLayout } from './auth-layout';

/**
 * /confirm-email?token=…, the link mailed at sign-up (and with a share to an address that has
 * no confirmed account). It confirms the account it was made for; with no account there yet it
 * offers to create one, already confirmed; an unconfirmed account someone made with the address
 * is confirmed only by signing in to it (or resetting its password) first.
 */
export function ConfirmEmailScreen({ signedIn }: { signedIn: boolean }) {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const navigate = useNavigate();
  const confirm = useConfirmEmail();
  const asked = useRef(false);

  useEffect(() => {
    // Once: a link works a single time.
    if (token === '' || asked.current) return;
    asked.current = true;
    confirm.mutate(token);
  }, [token, confirm]);

  const problem = token === '' ? MISSING_TOKEN_MESSAGE : confirm.error?.message;
  const result = confirm.data;

  return (
    <AuthLayout title="Confirm Your Email">
      {problem ? (
        <LinkProblem message={problem.replace(/^\d{3}: /, '')}>
          <Button asChild size="lg" className="w-full">
            <Link to="/">{signedIn ? 'Go to FilmRoom' : 'Sign In'}</Link>
          </Button>
        </LinkProblem>
      ) : !result ? (
        <div role="status" className="flex items-center gap-3 text-muted-foreground">
          <Spinner />
          Confirming your email address…
        </div>
      ) : result.confirmed ? (
        <LinkOutcome
          icon={MailCheckIcon}
          title="Email address confirmed"
          message={
            <>
              <span className="font-medium text-foreground wrap-anywhere">{result.email}</span> is
              confirmed. Videos shared with it and coaches&apos; invitations are yours now.
            </>
          }
        >
          <Button asChild size="lg" className="w-full">
            <Link to="/">{signedIn ? 'Continue to FilmRoom' : 'Sign In'}</Link>
          </Button>
        </LinkOutcome>
      ) : result.accountExists ? (
        // The link proves the address, not who made the account there: that takes its password.
        <LinkOutcome
          icon={KeyRoundIcon}
          title="Sign in to confirm this address"
          message={
            <>
              An account already uses{' '}
              <span className="font-medium text-foreground wrap-anywhere">{result.email}</span>, but
              its address hasn&apos;t been confirmed. If it&apos;s yours, sign in to it and open
              this link again. If you don&apos;t know its password, set a new one: that link goes to
              this address too, and confirms it.
            </>
          }
        >
          <div className="grid gap-3">
            <Button asChild size="lg" className="w-full">
              <Link to="/">{signedIn ? 'Go to FilmRoom' : 'Sign In'}</Link>
            </Button>
            {signedIn ? null : (
              <Button asChild size="lg" variant="outline" className="w-full">
                <Link to="/forgot-password" state={{ email: result.email }}>
                  Forgot your password?
                </Link>
              </Button>
            )}
          </div>
        </LinkOutcome>
      ) : (
        <AuthForm
          invitation={{ email: result.email, token }}
          onDone={() => void navigate('/', { replace: true })}
        />
      )}
    </AuthLayout>
  );
}
