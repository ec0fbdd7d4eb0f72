import { Share2Icon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';

/**
 * Spec §2 Share (owner or edit access only). Sharing by e-mail arrives in a later release;
 * the dialog says so rather than showing a form that cannot send.
 */
export function ShareVideoDialog() {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="outline">
          <Share2Icon aria-hidden />
          Share
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>Share video</DialogTitle>
          <DialogDescription>
            Give a teammate or another coach view or edit access by e-mail.
          </DialogDescription>
        </DialogHeader>
        <div className="grid justify-items-center gap-3 rounded-lg border border-dashed bg-muted/50 px-4 py-8 text-center">
          <Share2Icon className="size-8 text-primary" aria-hidden />
          <p className="font-semibold">Sharing is coming soon</p>
          <p className="text-sm text-muted-foreground">
            Inviting people by e-mail, with view or edit access, will be available here.
          </p>
        </div>
      </DialogContent>
    </Dialog>
  );
}
