import type { User } from '@filmroom/contract';
import { SaveIcon } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import type { FormEvent, RefObject } from 'react';
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
          <WholeNumberField
            label="Player Number"
            name="playerNumber"
            placeholder="0–99"
            inputRef={numberInput}
            value={playerNumber}
            problem={numberProblem}
            onChange={(value) => {
              setPlayerNumber(value);
              setNumberProblem(null);
            }}
            hint="The number on your shirt helps spot you in videos. Leave it empty if you have none."
          />
          <WholeNumberField
            label="Height (cm)"
            name="heightCm"
            placeholder="e.g. 178"
            inputRef={heightInput}
            value={height}
            problem={heightProblem}
            onChange={(value) => {
              setHeight(value);
              setHeightProblem(null);
            }}
            hint="Standing, without shoes. Lets your coaches measure distances and speeds on your videos; only you and your coaches see it. Leave it empty if you prefer."
          />
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

/** A short whole number typed on a phone's number pad, with its problem or its hint below. */
function WholeNumberField({
  label,
  name,
  placeholder,
  inputRef,
  value,
  problem,
  onChange,
  hint,
}: {
  label: string;
  name: string;
  placeholder: string;
  inputRef: RefObject<HTMLInputElement | null>;
  value: string;
  problem: string | null;
  onChange: (value: string) => void;
  hint: string;
}) {
  const ids = { input: useId(), problem: useId(), hint: useId() };
  return (
    <div className="grid content-start gap-2">
      <Label htmlFor={ids.input}>{label}</Label>
      <Input
        ref={inputRef}
        id={ids.input}
        name={name}
        inputMode="numeric"
        autoComplete="off"
        placeholder={placeholder}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? ids.problem : ids.hint}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="max-w-32 tabular-nums"
      />
      {problem ? (
        <p id={ids.problem} role="alert" className="text-sm font-medium text-destructive">
          {problem}
        </p>
      ) : (
        <p id={ids.hint} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
    </div>
  );
}
