import type { ReactNode } from 'react';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';

type PickVideoDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  /** The library picker, composed in by the app (it belongs to the videos feature). */
  picker: ReactNode;
};

/** "Compare with…": the other video, chosen from the library with search. */
export function PickVideoDialog({
  open,
  onOpenChange,
  title,
  description,
  picker,
}: PickVideoDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {picker}
      </DialogContent>
    </Dialog>
  );
}
