import { TITLE_MAX_LENGTH } from '@filmroom/contract';
import { PencilIcon } from 'lucide-react';
import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';

type RenameDialogProps = {
  /** The dialog's title, and the form's name ("Rename playlist"). */
  title: string;
  description: string;
  name: string;
  /** The trigger's accessible name, when a row of them needs telling apart. */
  triggerLabel?: string;
  triggerSize?: 'sm' | 'default';
  pending: boolean;
  /** Renames; `done` closes the dialog once the server has taken the name. */
  onRename: (name: string, done: () => void) => void;
};

/** Rename a playlist or a clip (their owner); a refusal shows as the app's error toast. */
export function RenameDialog(props: RenameDialogProps) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState(props.name);
  const inputId = useId();
  const trimmed = name.trim();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (trimmed === '' || props.pending) return;
    props.onRename(trimmed, () => setOpen(false));
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next) setName(props.name);
        setOpen(next);
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline" size={props.triggerSize} aria-label={props.triggerLabel}>
          <PencilIcon aria-hidden />
          Rename
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>{props.title}</DialogTitle>
          <DialogDescription>{props.description}</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} aria-label={props.title} className="grid gap-4">
          <div className="grid gap-2">
            <Label htmlFor={inputId}>Name</Label>
            <Input
              id={inputId}
              value={name}
              maxLength={TITLE_MAX_LENGTH}
              onChange={(event) => setName(event.target.value)}
              autoComplete="off"
              required
            />
          </div>
          <Button
            type="submit"
            disabled={trimmed === '' || props.pending}
            className="w-full sm:w-auto sm:justify-self-end"
          >
            {props.pending ? <Spinner /> : null}
            {props.pending ? 'Saving…' : 'Save name'}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
