import { matchPath, useLocation } from 'react-router';
import { FullPageError, FullPageLoading } from '@/components/layout/full-page-status';
import { useUser } from '@/features/auth/api/get-user';
import { ForgotPasswordScreen } from '@/features/auth/components/forgot-password-screen';
import { AuthLayout } from '@/features/auth/components/auth-layout';
import { ConfirmEmailScreen } from '@/features/auth/components/confirm-email-screen';
import { ResetPasswordScreen } from '@/features/auth/components/reset-password-screen';
import { RosterInvitationScreen } from '@/features/coach/components/roster-invitation-screen';
import { UnsubscribeScreen } from '@/features/notifications/components/unsubscribe-screen';
import { SignInScreen } from '@/features/auth/components/sign-in-screen';
import { AppRoutes } from './router';

/**
 * Spec §2 and §4: signed out, every address shows the sign-in screen; signed in, the routes.
 * The first answer is awaited with a loading screen so the sign-in form never flashes.
 *
 * Two addresses are for people who cannot sign in: /forgot-password (signed out only) and
 * /reset-password, the link in reset and invitation e-mails. The latter shows whoever is signed
 * in on this device too: the link sets the password of the account it was sent to, and the
 * server then signs that account in here. Two more links from mail work signed in or out:
 * /confirm-email (proves an address; with no account there, signs up with it) and
 * /roster-invitation (answers a coach's invitation), and /unsubscribe (stops notification mail).
 */
export function AuthGate() {
  const { pathname } = useLocation();
  const user = useUser();

  if (matchPath('/reset-password', pathname)) return <ResetPasswordScreen />;
  if (user.isPending) return <FullPageLoading />;
  const signedIn = !user.isError && user.data !== null;
  if (matchPath('/confirm-email', pathname)) return <ConfirmEmailScreen signedIn={signedIn} />;
  if (matchPath('/roster-invitation', pathname)) {
    return <RosterInvitationScreen Layout={AuthLayout} signedIn={signedIn} />;
  }
  if (matchPath('/unsubscribe', pathname)) {
    return <UnsubscribeScreen Layout={AuthLayout} signedIn={signedIn} />;
  }
  if (user.isError) {
    return (
      <FullPageError
        title="FilmRoom couldn't load"
        message={user.error.message}
        onRetry={() => void user.refetch()}
        retrying={user.isFetching}
      />
    );
  }
  if (user.data === null) {
    return matchPath('/forgot-password', pathname) ? <ForgotPasswordScreen /> : <SignInScreen />;
  }
  return <AppRoutes user={user.data} />;
}
