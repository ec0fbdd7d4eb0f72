import type { User } from '@filmroom/contract';
import { SaveIcon } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { useUpdateProfile } from '../api/update-profile';
import { parseHeightCm } from '../lib/height';
import { parsePlayerNumber } from '../lib/player-number';

/**
 * Spec §2 Settings > Profile: name, player number, the read-only e-mail, Save Changes; beyond
 * the spec, the athlete's height, which calibrates measurements on their body (issue 32).
 */
export function ProfileCard({ user }: { user: User }) {
  const [name, setName] = useState(user.name);
  const [playerNumber, setPlayerNumber] = useState(user.playerNumber?.toString() ?? '');
  const [numberProblem, setNumberProblem] = useState<string | null>(null);
  const numberInput = useRef<HTMLInputElement>(null);
  const [height, setHeight] = useState(user.heightCm?.toString() ?? '');
  const [heightProblem, setHeightProblem] = useState<string | null>(null);
  const heightInput = useRef<HTMLInputElement>(null);
  const update = useUpdateProfile();
  const ids = {
    title: useId(),
    name: useId(),
    number: useId(),
    numberHint: useId(),
    numberProblem: useId(),
    height: useId(),
    heightHint: useId(),
    heightProblem: useId(),
    email: useId(),
    emailHint: useId(),
  };

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (update.isPending) return;
    const parsed = parsePlayerNumber(playerNumber);
    if (!parsed.ok) {
      setNumberProblem(parsed.message);
      numberInput.current?.focus();
      return;
    }
    setNumberProblem(null);
    const parsedHeight = parseHeightCm(height);
    if (!parsedHeight.ok) {
      setHeightProblem(parsedHeight.message);
      heightInput.current?.focus();
      return;
    }
    setHeightProblem(null);
    update.mutate({
      name: name.trim(),
      heightCm: parsedHeight.heightCm,
      ...(parsed.playerNumber === undefined ? {} : { playerNumber: parsed.playerNumber }),
    });
  }

  return (
    <Card aria-labelledby={ids.title} role="region">
      <CardHeader>
        <CardTitle id={ids.title}>Profile</CardTitle>
        <CardDescription>How you appear to your coach and teammates.</CardDescription>
      </CardHeader>
      <CardContent>
        <form
          aria-labelledby={ids.title}
          onSubmit={submit}
          className="grid gap-x-6 gap-y-5 sm:grid-cols-2"
        >
          <div className="grid content-start gap-2">
            <Label htmlFor={ids.name}>Name</Label>
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
          <div className="grid content-start gap-2">
            <Label htmlFor={ids.number}>Player Number</Label>
            <Input
              ref={numberInput}
              id={ids.number}
              name="playerNumber"
              inputMode="numeric"
              autoComplete="off"
              placeholder="0–99"
              aria-invalid={numberProblem ? true : undefined}
              aria-describedby={numberProblem ? ids.numberProblem : ids.numberHint}
              value={playerNumber}
              onChange={(event) => {
                setPlayerNumber(event.target.value);
                setNumberProblem(null);
              }}
              className="max-w-32 tabular-nums"
            />
            {numberProblem ? (
              <p
                id={ids.numberProblem}
                role="alert"
                className="text-sm font-medium text-destructive"
              >
                {numberProblem}
              </p>
            ) : (
              <p id={ids.numberHint} className="text-xs text-muted-foreground">
                The number on your shirt helps spot you in videos. Leave it empty if you have none.
              </p>
            )}
          </div>
          <div className="grid content-start gap-2">
            <Label htmlFor={ids.height}>Height (cm)</Label>
            <Input
              ref={heightInput}
              id={ids.height}
              name="heightCm"
              inputMode="numeric"
              autoComplete="off"
              placeholder="e.g. 178"
              aria-invalid={heightProblem ? true : undefined}
              aria-describedby={heightProblem ? ids.heightProblem : ids.heightHint}
              value={height}
              onChange={(event) => {
                setHeight(event.target.value);
                setHeightProblem(null);
              }}
              className="max-w-32 tabular-nums"
            />
            {heightProblem ? (
              <p
                id={ids.heightProblem}
                role="alert"
                className="text-sm font-medium text-destructive"
              >
                {heightProblem}
              </p>
            ) : (
              <p id={ids.heightHint} className="text-xs text-muted-foreground">
                Standing, without shoes. Lets your coaches measure distances and speeds on your
                videos; only you and your coaches see it. Leave it empty if you prefer.
              </p>
            )}
          </div>
          <div className="grid content-start gap-2 sm:col-span-2">
            <Label htmlFor={ids.email}>Email</Label>
            <Input
              id={ids.email}
              type="email"
              value={user.username}
              readOnly
              aria-describedby={ids.emailHint}
            />
            <p id={ids.emailHint} className="text-xs text-muted-foreground">
              Your email is how you sign in, so it can&apos;t be changed here.
            </p>
          </div>
          <div className="flex justify-end sm:col-span-2">
            <Button type="submit" disabled={update.isPending} className="w-full sm:w-auto">
              {update.isPending ? <Spinner /> : <SaveIcon aria-hidden />}
              {update.isPending ? 'Saving…' : 'Save Changes'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
