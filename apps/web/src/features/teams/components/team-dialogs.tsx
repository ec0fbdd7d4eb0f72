import type { CreateTeamBody, Team } from '@filmroom/contract';
import { CheckIcon, PencilIcon, PlusIcon } from 'lucide-react';
import { useId, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Spinner } from '@/components/ui/spinner';
import { useCreateTeam } from '../api/create-team';
import { useUpdateTeam } from '../api/update-team';
import { TEAM_COLORS } from '../lib/team-colors';

/** A coach names a new team, its sport and, if they like, its colours. */
export function CreateTeamDialog() {
  const [open, setOpen] = useState(false);
  const create = useCreateTeam({ onSuccess: () => setOpen(false) });
  return (
    <Dialog open={open} onOpenChange={(next) => !create.isPending && setOpen(next)}>
      <DialogTrigger asChild>
        <Button>
          <PlusIcon aria-hidden />
          New Team
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>New Team</DialogTitle>
          <DialogDescription>
            Add athletes from your roster next, then share videos with the whole team at once.
          </DialogDescription>
        </DialogHeader>
        {/* Mounted while open only, so a closed dialog starts blank next time. */}
        {open ? (
          <TeamForm
            label="New team"
            initial={BLANK}
            pending={create.isPending}
            onSubmit={(values) => create.mutate(values)}
            submit={
              create.isPending ? (
                <>
                  <Spinner />
                  Creating…
                </>
              ) : (
                <>
                  <PlusIcon aria-hidden />
                  Create Team
                </>
              )
            }
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

/** The team's coach renames it or changes its sport and colours; members see it at once. */
export function EditTeamDialog({ team }: { team: Team }) {
  const [open, setOpen] = useState(false);
  const update = useUpdateTeam(team.id, { onSuccess: () => setOpen(false) });
  return (
    <Dialog open={open} onOpenChange={(next) => !update.isPending && setOpen(next)}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="sm" aria-label={`Edit ${team.name}`}>
          <PencilIcon aria-hidden />
          Edit
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>Edit Team</DialogTitle>
          <DialogDescription>Its athletes and shared videos stay as they are.</DialogDescription>
        </DialogHeader>
        {open ? (
          <TeamForm
            label={`Edit ${team.name}`}
            initial={{
              name: team.name,
              sport: team.sport,
              primaryColor: team.primaryColor ?? '',
              secondaryColor: team.secondaryColor ?? '',
            }}
            pending={update.isPending}
            onSubmit={(values) => update.mutate(values)}
            submit={
              update.isPending ? (
                <>
                  <Spinner />
                  Saving…
                </>
              ) : (
                <>
                  <CheckIcon aria-hidden />
                  Save Team
                </>
              )
            }
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

type TeamValues = { name: string; sport: string; primaryColor: string; secondaryColor: string };
const BLANK: TeamValues = { name: '', sport: '', primaryColor: '', secondaryColor: '' };

function TeamForm(props: {
  label: string;
  initial: TeamValues;
  pending: boolean;
  onSubmit: (body: CreateTeamBody) => void;
  submit: ReactNode;
}) {
  const [name, setName] = useState(props.initial.name);
  const [sport, setSport] = useState(props.initial.sport);
  const [primaryColor, setPrimaryColor] = useState(props.initial.primaryColor);
  const [secondaryColor, setSecondaryColor] = useState(props.initial.secondaryColor);
  const ids = { name: useId(), sport: useId(), primary: useId(), secondary: useId() };
  const incomplete = name.trim() === '' || sport.trim() === '';

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (incomplete || props.pending) return;
    props.onSubmit({
      name: name.trim(),
      sport: sport.trim(),
      primaryColor: primaryColor || null,
      secondaryColor: secondaryColor || null,
    });
  }

  return (
    <form aria-label={props.label} onSubmit={submit} className="grid gap-4">
      <div className="grid gap-2">
        <Label htmlFor={ids.name}>Team name</Label>
        <Input
          id={ids.name}
          value={name}
          maxLength={80}
          placeholder="Under 16s"
          onChange={(event) => setName(event.target.value)}
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={ids.sport}>Sport</Label>
        <Input
          id={ids.sport}
          value={sport}
          maxLength={60}
          placeholder="Basketball"
          onChange={(event) => setSport(event.target.value)}
        />
      </div>
      <div className="grid grid-cols-2 gap-4">
        <ColorSelect
          id={ids.primary}
          label="Main colour"
          value={primaryColor}
          onChange={setPrimaryColor}
        />
        <ColorSelect
          id={ids.secondary}
          label="Second colour"
          value={secondaryColor}
          onChange={setSecondaryColor}
        />
      </div>
      <DialogFooter>
        <Button type="submit" disabled={incomplete || props.pending}>
          {props.submit}
        </Button>
      </DialogFooter>
    </form>
  );
}

function ColorSelect(props: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={props.id}>{props.label}</Label>
      <div className="flex items-center gap-2">
        <span
          aria-hidden
          className="size-6 shrink-0 rounded-full border"
          style={{ background: props.value || 'transparent' }}
        />
        <NativeSelect
          id={props.id}
          value={props.value}
          onChange={(event) => props.onChange(event.target.value)}
          wrapperClassName="min-w-0 flex-1"
        >
          <option value="">None</option>
          {/* A colour set through the API outside the list stays what it is until changed. */}
          {props.value && !TEAM_COLORS.some((color) => color.value === props.value) ? (
            <option value={props.value}>{props.value}</option>
          ) : null}
          {TEAM_COLORS.map((color) => (
            <option key={color.value} value={color.value}>
              {color.label}
            </option>
          ))}
        </NativeSelect>
      </div>
    </div>
  );
}
