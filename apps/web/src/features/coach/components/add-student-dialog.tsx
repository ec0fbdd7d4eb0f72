import { UserPlusIcon } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { useAddStudent } from '../api/add-student';
import { addStudentProblem } from '../lib/roster';

/** Spec §2 Add Student: name optional, e-mail required (spec §5). */
export function AddStudentDialog() {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const emailInput = useRef<HTMLInputElement>(null);
  const ids = { form: useId(), name: useId(), email: useId(), problem: useId(), hint: useId() };

  const addition = useAddStudent({
    onSuccess: () => {
      setOpen(false);
      setName('');
      setEmail('');
    },
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (addition.isPending) return;
    const blank = addStudentProblem(email);
    setProblem(blank);
    if (blank) {
      emailInput.current?.focus();
      return;
    }
    addition.mutate({ name: name.trim() || undefined, email: email.trim() });
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (addition.isPending) return;
        setOpen(next);
        if (!next) setProblem(null);
      }}
    >
      <DialogTrigger asChild>
        <Button>
          <UserPlusIcon aria-hidden />
          Add Student
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>Add Student</DialogTitle>
          <DialogDescription>
            Add an athlete by email. Someone new to FilmRoom gets an invitation to set a password
            and join.
          </DialogDescription>
        </DialogHeader>
        <form id={ids.form} onSubmit={submit} noValidate className="grid gap-5">
          <div className="grid gap-2">
            <Label htmlFor={ids.name}>
              Name <span className="font-normal text-muted-foreground">(optional)</span>
            </Label>
            <Input
              id={ids.name}
              name="name"
              autoComplete="off"
              maxLength={100}
              value={name}
              onChange={(event) => setName(event.target.value)}
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={ids.email}>Email</Label>
            <Input
              ref={emailInput}
              id={ids.email}
              name="email"
              type="email"
              inputMode="email"
              autoComplete="off"
              maxLength={254}
              placeholder="athlete@example.com"
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? ids.problem : ids.hint}
              value={email}
              onChange={(event) => {
                setEmail(event.target.value);
                setProblem(null);
              }}
            />
            {problem ? (
              <p id={ids.problem} role="alert" className="text-sm font-medium text-destructive">
                {problem}
              </p>
            ) : (
              <p id={ids.hint} className="text-xs text-muted-foreground">
                The address they sign in with, or will.
              </p>
            )}
          </div>
        </form>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={addition.isPending}>
              Cancel
            </Button>
          </DialogClose>
          <Button type="submit" form={ids.form} disabled={addition.isPending}>
            {addition.isPending ? <Spinner /> : <UserPlusIcon aria-hidden />}
            {addition.isPending ? 'Adding…' : 'Add Student'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
