import { useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { LinkProblem } from '@/components/layout/link-problem';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { useResetPassword } from '../api/reset-password';
import { MISSING_TOKEN_MESSAGE, PASSWORD_MIN_LENGTH } from '@filmroom/contract/values';
import { passwordLinkProblem } from '../lib/password-rules';
import { AuthLayout, BackToSignIn } from './auth-layout';
import { PasswordInput } from './password-input';

const MISMATCH_MESSAGE = "The passwords don't match.";

/**
 * /reset-password?token=…, opened from a reset e-mail or a coach's invitation. Setting the
 * password signs the person in and takes them to the Dashboard.
 */
export function ResetPasswordScreen() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const confirmInput = useRef<HTMLInputElement>(null);
  const reset = useResetPassword({ onSuccess: () => void navigate('/', { replace: true }) });
  const ids = {
    title: useId(),
    password: useId(),
    hint: useId(),
    confirmation: useId(),
    mismatch: useId(),
  };

  const problem =
    token === '' ? MISSING_TOKEN_MESSAGE : reset.error && passwordLinkProblem(reset.error);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (reset.isPending) return;
    if (password !== confirmation) {
      setMismatch(true);
      confirmInput.current?.focus();
      return;
    }
    reset.mutate({ token, password });
  }

  return (
    <AuthLayout title="Set Your Password">
      {problem ? (
        <LinkProblem message={problem}>
          <Button asChild size="lg" className="w-full">
            <Link to="/forgot-password">Ask for a New Link</Link>
          </Button>
          <BackToSignIn />
        </LinkProblem>
      ) : (
        <div className="grid gap-8">
          <div className="grid gap-2">
            <h1 id={ids.title} className="text-3xl font-bold tracking-tight">
              Set Your Password
            </h1>
            <p className="text-sm text-muted-foreground">
              Choose the password you&apos;ll sign in with. You&apos;ll go straight to your
              Dashboard afterwards.
            </p>
          </div>

          <form aria-labelledby={ids.title} onSubmit={submit} className="grid gap-5">
            <div className="grid gap-2">
              <Label htmlFor={ids.password}>New Password</Label>
              <PasswordInput
                id={ids.password}
                name="password"
                autoComplete="new-password"
                required
                autoFocus
                minLength={PASSWORD_MIN_LENGTH}
                aria-describedby={ids.hint}
                value={password}
                onChange={(event) => {
                  setPassword(event.target.value);
                  setMismatch(false);
                }}
              />
              <p id={ids.hint} className="text-xs text-muted-foreground">
                Use at least {PASSWORD_MIN_LENGTH} characters.
              </p>
            </div>

            <div className="grid gap-2">
              <Label htmlFor={ids.confirmation}>Confirm Password</Label>
              <PasswordInput
                ref={confirmInput}
                id={ids.confirmation}
                name="confirmPassword"
                autoComplete="new-password"
                required
                aria-invalid={mismatch || undefined}
                aria-describedby={mismatch ? ids.mismatch : undefined}
                value={confirmation}
                onChange={(event) => {
                  setConfirmation(event.target.value);
                  setMismatch(false);
                }}
              />
              {mismatch ? (
                <p id={ids.mismatch} role="alert" className="text-sm font-medium text-destructive">
                  {MISMATCH_MESSAGE}
                </p>
              ) : null}
            </div>

            <Button type="submit" size="lg" disabled={reset.isPending} className="mt-1 w-full">
              {reset.isPending ? <Spinner /> : null}
              {reset.isPending ? 'Setting password…' : 'Set Password'}
            </Button>
          </form>

          <BackToSignIn />
        </div>
      )}
    </AuthLayout>
  );
}
