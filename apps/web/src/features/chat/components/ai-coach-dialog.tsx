import * as DialogPrimitive from '@radix-ui/react-dialog';
import { BotMessageSquareIcon, XIcon } from 'lucide-react';
import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogOverlay, DialogTrigger } from '@/components/ui/dialog';
import { useIsMobile } from '@/hooks/use-mobile';
import { cn } from '@/lib/utils';
import { AiCoachChat } from './ai-coach-chat';

type AiCoachDialogProps = {
  videoId: string;
  /** Questions to start with, made from the video's analysis (VideoDetail.suggestedPrompts). */
  suggestedPrompts: readonly string[];
  /** Seeks the player: moments like 0:05 in the conversation are buttons. */
  onSeek: (seconds: number) => void;
};

/**
 * Spec §2: AI Coach opens 'Chat with AI Coach'. On a phone it fills the screen, and a moment
 * picked in an answer closes it so the video shows there. Wider, it is a panel on the right
 * over a light backdrop: the video stays in sight on the left as it seeks.
 */
export function AiCoachDialog({ videoId, suggestedPrompts, onSeek }: AiCoachDialogProps) {
  const [open, setOpen] = useState(false);
  const isMobile = useIsMobile();
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);

  // The page passes a new function each render; the messages keep one that stays the same.
  const onSeekRef = useRef(onSeek);
  useLayoutEffect(() => {
    onSeekRef.current = onSeek;
  });
  const seek = useCallback(
    (seconds: number) => {
      onSeekRef.current(seconds);
      if (isMobile) setOpen(false);
    },
    [isMobile],
  );

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button>
          <BotMessageSquareIcon aria-hidden />
          AI Coach
        </Button>
      </DialogTrigger>
      <DialogPrimitive.Portal>
        <DialogOverlay className="max-md:hidden md:bg-black/25" />
        <DialogPrimitive.Content
          ref={contentRef}
          // Typing is the point on a wide screen; on a phone the keyboard would hide the history.
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            if (isMobile) contentRef.current?.focus();
            else inputRef.current?.focus();
          }}
          className={cn(
            'fixed inset-0 z-50 flex flex-col bg-background text-foreground shadow-2xl outline-none',
            'md:left-auto md:w-md md:border-l',
            'transition-[opacity,translate] duration-300 ease-[cubic-bezier(0.32,0.72,0,1)] starting:translate-y-6 starting:opacity-0 md:starting:translate-x-10 md:starting:translate-y-0',
            'data-[state=closed]:animate-fade-out',
          )}
        >
          <AiCoachChat
            videoId={videoId}
            suggestedPrompts={suggestedPrompts}
            onSeek={seek}
            inputRef={inputRef}
          />
          <DialogPrimitive.Close className="absolute top-3.5 right-3 grid size-9 place-items-center rounded-md text-muted-foreground transition-colors outline-none hover:bg-accent hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 md:right-4">
            <XIcon className="size-5" aria-hidden />
            <span className="sr-only">Close</span>
          </DialogPrimitive.Close>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </Dialog>
  );
}
