import { Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
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
    <Dialog open={open} onOpenChange={(next) => !deletion.isPending && setOpen(next)}>
      <DialogTrigger asChild>
        <Button variant="outline" className="text-destructive hover:text-destructive">
          <Trash2Icon aria-hidden />
          Delete
        </Button>
      </DialogTrigger>
      <DialogContent role="alertdialog" showCloseButton={false} className="max-w-md">
        <DialogHeader>
          <DialogTitle>Delete this video?</DialogTitle>
          <DialogDescription>
            &ldquo;{title}&rdquo; will be deleted for good, with its analysis, annotations and
            shares. This cannot be undone.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={deletion.isPending}>
              Cancel
            </Button>
          </DialogClose>
          <Button
            variant="destructive"
            onClick={() => deletion.mutate()}
            disabled={deletion.isPending}
          >
            {deletion.isPending ? <Spinner /> : <Trash2Icon aria-hidden />}
            {deletion.isPending ? 'Deleting…' : 'Delete Video'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
