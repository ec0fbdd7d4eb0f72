import type { CoachStudentLink } from '@filmroom/contract';
import { MailIcon, MailXIcon, PencilIcon } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import type { FormEvent, KeyboardEvent } from 'react';
import { PersonAvatar } from '@/components/person-avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { useUpdateStudent } from '../api/update-student';
import { studentChanges } from '../lib/roster';
import { RemoveStudentDialog } from './remove-student-dialog';

/** Spec §4 student row: view, inline edit (Save or Cancel), or remove after confirmation. */
export function StudentCard({ link }: { link: CoachStudentLink }) {
  const { student } = link;
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const titleId = useId();

  const stopEditing = () => {
    setEditing(false);
    // Back where the person started, once the button is on screen again.
    requestAnimationFrame(() => editButton.current?.focus());
  };

  return (
    <article
      aria-labelledby={titleId}
      className="flex w-full flex-col gap-4 rounded-xl border bg-card p-4 text-card-foreground shadow-sm sm:p-5"
    >
      <div className="flex items-start gap-3">
        <PersonAvatar person={student} className="size-11 text-sm" />
        <div className="grid min-w-0 flex-1 gap-0.5">
          <h3 id={titleId} className="truncate font-semibold" title={student.name}>
            {student.name}
          </h3>
          <p className="truncate text-sm text-muted-foreground" title={student.username}>
            {student.username}
          </p>
        </div>
        {editing ? null : (
          <div className="-mt-1 -mr-1 flex shrink-0 gap-0.5">
            <Button
              ref={editButton}
              variant="ghost"
              size="icon-sm"
              aria-label={`Edit ${student.name}`}
              className="text-muted-foreground"
              onClick={() => setEditing(true)}
            >
              <PencilIcon aria-hidden />
            </Button>
            <RemoveStudentDialog studentId={link.studentId} name={student.name} />
          </div>
        )}
      </div>

      {editing ? (
        <EditStudentForm link={link} onDone={stopEditing} />
      ) : link.status === 'pending' ? (
        <p className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
          <Badge variant="secondary">
            <MailIcon aria-hidden />
            Invitation pending
          </Badge>
          You&apos;ll see their name and photos once they accept.
        </p>
      ) : link.status === 'declined' ? (
        <p className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
          <Badge variant="outline">
            <MailXIcon aria-hidden />
            Declined
          </Badge>
          They said no to your invitation.
        </p>
      ) : null}
    </article>
  );
}

/** The card's inline edit: blank fields keep the current values (spec §5). */
function EditStudentForm({ link, onDone }: { link: CoachStudentLink; onDone: () => void }) {
  const { student } = link;
  const [name, setName] = useState(student.name);
  const [email, setEmail] = useState(student.username);
  const update = useUpdateStudent(link.studentId, { onSuccess: onDone });
  const ids = { name: useId(), email: useId() };

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (update.isPending) return;
    update.mutate(studentChanges({ name, email }, student));
  }

  function cancelOnEscape(event: KeyboardEvent<HTMLFormElement>) {
    if (event.key === 'Escape' && !update.isPending) {
      event.preventDefault();
      onDone();
    }
  }

  return (
    <form
      aria-label={`Edit ${student.name}`}
      onSubmit={submit}
      onKeyDown={cancelOnEscape}
      noValidate
      className="grid gap-3"
    >
      <div className="grid gap-1.5">
        <Label htmlFor={ids.name}>Name</Label>
        <Input
          id={ids.name}
          name="name"
          autoComplete="off"
          autoFocus
          maxLength={100}
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={ids.email}>Email</Label>
        <Input
          id={ids.email}
          name="email"
          type="email"
          inputMode="email"
          autoComplete="off"
          maxLength={254}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
      </div>
      <div className="flex justify-end gap-2 pt-1">
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={onDone}
          disabled={update.isPending}
        >
          Cancel
        </Button>
        <Button type="submit" size="sm" disabled={update.isPending}>
          {update.isPending ? <Spinner /> : null}
          {update.isPending ? 'Saving…' : 'Save'}
        </Button>
      </div>
    </form>
  );
}
