import { BotMessageSquareIcon } from 'lucide-react';
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
 * Spec §2: AI Coach opens 'Chat with AI Coach'. The chat itself arrives with the analysis;
 * until then the dialog says so plainly instead of offering an input that goes nowhere.
 */
export function AiCoachDialog() {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button>
          <BotMessageSquareIcon aria-hidden />
          AI Coach
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>Chat with AI Coach</DialogTitle>
          <DialogDescription>
            Ask questions about this video and get answers grounded in what the analysis measured.
          </DialogDescription>
        </DialogHeader>
        <div className="grid justify-items-center gap-3 rounded-lg border border-dashed bg-muted/50 px-4 py-8 text-center">
          <BotMessageSquareIcon className="size-8 text-primary" aria-hidden />
          <p className="font-semibold">Chat is coming soon</p>
          <p className="text-sm text-muted-foreground">
            The AI Coach answers from this video&apos;s analysis, which isn&apos;t available yet.
          </p>
        </div>
      </DialogContent>
    </Dialog>
  );
}
