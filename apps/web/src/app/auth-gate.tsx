import { FullPageError, FullPageLoading } from '@/components/layout/full-page-status';
import { useUser } from '@/features/auth/api/get-user';
import { SignInScreen } from '@/features/auth/components/sign-in-screen';
import { AppRoutes } from './router';

/**
 * Spec §2 and §4: signed out, every address shows the sign-in screen; signed in, the routes.
 * The first answer is awaited with a loading screen so the sign-in form never flashes.
 */
export function AuthGate() {
  const user = useUser();

  if (user.isPending) return <FullPageLoading />;
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
  if (user.data === null) return <SignInScreen />;
  return <AppRoutes user={user.data} />;
}
