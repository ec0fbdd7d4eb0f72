import { DialogDescription, DialogTitle } from '@/components/ui/dialog';

/** Spec §2: the AI Coach dialog's title, shown while the conversation loads and after. */
export function ChatDialogHeading() {
  return (
    <div className="grid min-w-0 flex-1 gap-0.5">
      <DialogTitle className="text-lg">Chat with AI Coach</DialogTitle>
      <DialogDescription className="text-xs">
        Answers from this clip&apos;s analysis
      </DialogDescription>
    </div>
  );
}
