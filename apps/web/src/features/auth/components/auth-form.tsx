import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { useLogin } from '../api/login';
import { useRegister } from '../api/register';
import { PASSWORD_MIN_LENGTH } from '@filmroom/contract/values';
import { PasswordInput } from './password-input';

type AuthMode = 'sign-in' | 'create-account';

/** A link mailed to an address that has no account yet: signing up with it proves the address. */
export type AddressInvitation = { email: string; token: string };

/**
 * Sign in, or create an account: one form whose title and fields follow the mode (spec §2).
 * With an `invitation` it creates the account for that address, confirmed by the link.
 */
export function AuthForm({
  invitation,
  onDone,
}: { invitation?: AddressInvitation; onDone?: () => void } = {}) {
  const [mode, setMode] = useState<AuthMode>(invitation ? 'create-account' : 'sign-in');
  const [email, setEmail] = useState(invitation?.email ?? '');
  const [password, setPassword] = useState('');
  const [name, setName] = useState('');
  const [isCoach, setIsCoach] = useState(false);
  const login = useLogin({ onSuccess: onDone });
  const register = useRegister({ onSuccess: onDone });
  const ids = { title: useId(), email: useId(), password: useId(), hint: useId(), name: useId() };
  const coachId = useId();

  const creating = mode === 'create-account';
  const pending = login.isPending || register.isPending;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    if (creating) {
      register.mutate({ username: email, password, name, isCoach, emailToken: invitation?.token });
    } else login.mutate({ username: email, password });
  }

  function switchMode() {
    setMode(creating ? 'sign-in' : 'create-account');
    login.reset();
    register.reset();
  }

  return (
    <div className="grid gap-8">
      <div className="grid gap-2">
        <h1 id={ids.title} className="text-3xl font-bold tracking-tight">
          {creating ? 'Create an Account' : 'Sign In'}
        </h1>
        <p className="text-sm text-muted-foreground">
          {invitation && creating
            ? 'This link proves the address is yours: create your account with it, and what was sent to it is waiting.'
            : creating
              ? 'Set up FilmRoom for yourself or your team.'
              : 'Welcome back. Sign in to see your film and feedback.'}
        </p>
      </div>

      <form aria-labelledby={ids.title} onSubmit={submit} className="grid gap-5">
        {creating ? (
          <div className="grid gap-2">
            <Label htmlFor={ids.name}>Full Name</Label>
            <Input
              id={ids.name}
              name="name"
              autoComplete="name"
              required
              maxLength={100}
              value={name}
              onChange={(event) => setName(event.target.value)}
            />
          </div>
        ) : null}

        <div className="grid gap-2">
          <Label htmlFor={ids.email}>Email</Label>
          <Input
            id={ids.email}
            name="username"
            type="email"
            autoComplete="email"
            inputMode="email"
            required
            placeholder="you@example.com"
            // The link was sent to this address: it is the one the account is made for.
            readOnly={invitation !== undefined && creating}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </div>

        <div className="grid gap-2">
          <div className="flex items-center justify-between gap-4">
            <Label htmlFor={ids.password}>Password</Label>
            {creating ? null : (
              <Link
                to="/forgot-password"
                // The Forgot screen starts with what was typed here.
                state={{ email }}
                className="rounded-sm text-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/40"
              >
                Forgot your password?
              </Link>
            )}
          </div>
          <PasswordInput
            id={ids.password}
            name="password"
            autoComplete={creating ? 'new-password' : 'current-password'}
            required
            minLength={creating ? PASSWORD_MIN_LENGTH : undefined}
            aria-describedby={creating ? ids.hint : undefined}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          {creating ? (
            <p id={ids.hint} className="text-xs text-muted-foreground">
              Use at least {PASSWORD_MIN_LENGTH} characters.
            </p>
          ) : null}
        </div>

        {creating ? (
          <div className="flex items-start gap-3 rounded-lg border bg-muted/50 p-3.5">
            <Checkbox
              id={coachId}
              name="isCoach"
              checked={isCoach}
              onCheckedChange={(checked) => setIsCoach(checked === true)}
              aria-describedby={`${coachId}-hint`}
              className="mt-0.5"
            />
            <div className="grid gap-1">
              <Label htmlFor={coachId}>I am a coach</Label>
              <p id={`${coachId}-hint`} className="text-xs text-muted-foreground">
                Coaches keep a list of athletes and review their film.
              </p>
            </div>
          </div>
        ) : null}

        <Button type="submit" size="lg" disabled={pending} className="mt-1 w-full">
          {pending ? <Spinner /> : null}
          {creating
            ? pending
              ? 'Creating account…'
              : 'Create Account'
            : pending
              ? 'Signing in…'
              : 'Sign In'}
        </Button>
      </form>

      <p className="text-center text-sm text-muted-foreground">
        {creating ? 'Already have an account?' : 'New to FilmRoom?'}{' '}
        <button
          type="button"
          onClick={switchMode}
          disabled={pending}
          className="rounded-sm font-semibold text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/40 disabled:opacity-60"
        >
          {creating ? 'Sign in instead' : 'Create an account'}
        </button>
      </p>
    </div>
  );
}
