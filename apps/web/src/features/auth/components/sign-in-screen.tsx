import { AuthForm } from './auth-form';
import { AuthLayout } from './auth-layout';

/**
 * Spec §2: while signed out this shows at every address. The address is left alone, so after
 * signing in the person lands on the page they asked for.
 */
export function SignInScreen() {
  return (
    <AuthLayout title="Sign In">
      <AuthForm />
    </AuthLayout>
  );
}
