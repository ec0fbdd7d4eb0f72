import { Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useDeleteVideo } from '../api/delete-video';

/** Spec §4: deleting goes through a confirmation, then back to the Dashboard. */
export function DeleteVideoDialog({ videoId, title }: { videoId: string; title: string }) {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const deletion = useDeleteVideo(videoId, {
    onSuccess: () => {
      setOpen(false);
      void navigate('/');
    },
  });

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="outline" className="text-destructive hover:text-destructive">
          <Trash2Icon aria-hidden />
          Delete
        </Button>
      }
      title="Delete this video?"
      description={
        <>
          &ldquo;{title}&rdquo; will be deleted for good, with its analysis, annotations and shares.
          This cannot be undone.
        </>
      }
      icon={<Trash2Icon aria-hidden />}
      confirmLabel="Delete Video"
      pendingLabel="Deleting…"
      pending={deletion.isPending}
      onConfirm={() => deletion.mutate()}
    />
  );
}
