import { PlusIcon } from 'lucide-react';
import { useId, useState } from 'react';
import type { FormEvent } from 'react';
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
import { TEAM_COLORS } from '../lib/team-colors';

/** A coach names a new team, its sport and, if they like, its colours. */
export function CreateTeamDialog() {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [sport, setSport] = useState('');
  const [primaryColor, setPrimaryColor] = useState('');
  const [secondaryColor, setSecondaryColor] = useState('');
  const create = useCreateTeam({
    onSuccess: () => {
      setOpen(false);
      setName('');
      setSport('');
      setPrimaryColor('');
      setSecondaryColor('');
    },
  });
  const ids = { name: useId(), sport: useId(), primary: useId(), secondary: useId() };
  const incomplete = name.trim() === '' || sport.trim() === '';

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (incomplete || create.isPending) return;
    create.mutate({
      name: name.trim(),
      sport: sport.trim(),
      primaryColor: primaryColor || null,
      secondaryColor: secondaryColor || null,
    });
  }

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
        <form aria-label="New team" onSubmit={submit} className="grid gap-4">
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
            <Button type="submit" disabled={incomplete || create.isPending}>
              {create.isPending ? <Spinner /> : <PlusIcon aria-hidden />}
              {create.isPending ? 'Creating…' : 'Create Team'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
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
