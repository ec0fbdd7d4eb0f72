import { UserMinusIcon } from 'lucide-react';
import { useState } from 'react';
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
import { Spinner } from '@/components/ui/spinner';
import { useRemoveStudent } from '../api/remove-student';

/** Spec §4: removing a student goes through a confirmation. Only the link goes; the account stays. */
export function RemoveStudentDialog({ studentId, name }: { studentId: string; name: string }) {
  const [open, setOpen] = useState(false);
  const removal = useRemoveStudent(studentId, { onSuccess: () => setOpen(false) });

  return (
    <Dialog open={open} onOpenChange={(next) => !removal.isPending && setOpen(next)}>
      <DialogTrigger asChild>
        <Button
          variant="ghost"
          size="icon-sm"
          aria-label={`Remove ${name}`}
          className="text-muted-foreground hover:text-destructive"
        >
          <UserMinusIcon aria-hidden />
        </Button>
      </DialogTrigger>
      <DialogContent role="alertdialog" showCloseButton={false} className="max-w-md">
        <DialogHeader>
          <DialogTitle>Remove this student?</DialogTitle>
          <DialogDescription>
            {name} will be taken off your list. Their account, videos and profile stay, and you can
            add them again later.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={removal.isPending}>
              Cancel
            </Button>
          </DialogClose>
          <Button
            variant="destructive"
            onClick={() => removal.mutate()}
            disabled={removal.isPending}
          >
            {removal.isPending ? <Spinner /> : <UserMinusIcon aria-hidden />}
            {removal.isPending ? 'Removing…' : 'Remove Student'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
