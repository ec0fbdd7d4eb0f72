import { UserMinusIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useRemoveStudent } from '../api/remove-student';

/** Spec §4: removing a student goes through a confirmation. Only the link goes; the account stays. */
export function RemoveStudentDialog({ studentId, name }: { studentId: string; name: string }) {
  const [open, setOpen] = useState(false);
  const removal = useRemoveStudent(studentId, { onSuccess: () => setOpen(false) });

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button
          variant="ghost"
          size="icon-sm"
          aria-label={`Remove ${name}`}
          className="text-muted-foreground hover:text-destructive"
        >
          <UserMinusIcon aria-hidden />
        </Button>
      }
      title="Remove this student?"
      description={`${name} will be taken off your list. Their account, videos and profile stay, and you can add them again later.`}
      icon={<UserMinusIcon aria-hidden />}
      confirmLabel="Remove Student"
      pendingLabel="Removing…"
      pending={removal.isPending}
      onConfirm={() => removal.mutate()}
    />
  );
}
