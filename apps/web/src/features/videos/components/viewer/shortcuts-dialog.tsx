import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { SHORTCUTS } from '../../lib/playback-shortcuts';

type ShortcutsDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/** The player's keyboard shortcuts, opened from the toolbar's ? button or the ? key. */
export function ShortcutsDialog({ open, onOpenChange }: ShortcutsDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-sm">
        <DialogHeader>
          <DialogTitle>Keyboard shortcuts</DialogTitle>
          <DialogDescription>While the player has focus (click or tab to it).</DialogDescription>
        </DialogHeader>
        <dl className="grid gap-2.5">
          {SHORTCUTS.map((shortcut) => (
            <div key={shortcut.description} className="flex items-center justify-between gap-4">
              <dt className="flex gap-1">
                {shortcut.keys.map((key) => (
                  <kbd
                    key={key}
                    className="grid h-7 min-w-7 place-items-center rounded-md border border-b-2 bg-muted px-1.5 font-mono text-xs font-semibold"
                  >
                    {key}
                  </kbd>
                ))}
              </dt>
              <dd className="text-right text-sm text-muted-foreground">{shortcut.description}</dd>
            </div>
          ))}
        </dl>
      </DialogContent>
    </Dialog>
  );
}
