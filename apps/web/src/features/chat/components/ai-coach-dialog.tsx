import * as DialogPrimitive from '@radix-ui/react-dialog';
import { BotMessageSquareIcon, XIcon } from 'lucide-react';
import { Suspense, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogOverlay, DialogTrigger } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { useIsMobile } from '@/hooks/use-mobile';
import { lazyComponent } from '@/lib/lazy-component';
import { cn } from '@/lib/utils';
import { ChatDialogHeading } from './chat-dialog-heading';

// The conversation, with its markdown renderer, is fetched when first wanted: a pointer over
// the button or focus on it starts the download, so it is usually there by the click.
const loadAiCoachChat = () => import('./ai-coach-chat').then((module) => module.AiCoachChat);
const AiCoachChat = lazyComponent(loadAiCoachChat);
const preloadAiCoachChat = () => void loadAiCoachChat();

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
  // Typing is the point on a wide screen; on a phone the keyboard would hide the history.
  const focusStart = useCallback(() => {
    if (isMobile) contentRef.current?.focus();
    else (inputRef.current ?? contentRef.current)?.focus();
  }, [isMobile]);
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
        <Button onPointerEnter={preloadAiCoachChat} onFocus={preloadAiCoachChat}>
          <BotMessageSquareIcon aria-hidden />
          AI Coach
        </Button>
      </DialogTrigger>
      <DialogPrimitive.Portal>
        <DialogOverlay className="max-md:hidden md:bg-black/25" />
        <DialogPrimitive.Content
          ref={contentRef}
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            focusStart();
          }}
          className={cn(
            'fixed inset-0 z-50 flex flex-col bg-background text-foreground shadow-2xl outline-none',
            'md:left-auto md:w-md md:border-l',
            'transition-[opacity,translate] duration-300 ease-[cubic-bezier(0.32,0.72,0,1)] starting:translate-y-6 starting:opacity-0 md:starting:translate-x-10 md:starting:translate-y-0',
            'data-[state=closed]:animate-fade-out',
          )}
        >
          <Suspense fallback={<AiCoachChatLoading />}>
            <AiCoachChat
              videoId={videoId}
              suggestedPrompts={suggestedPrompts}
              onSeek={seek}
              inputRef={inputRef}
            />
            {/* Mounts with the chat: focus moves to its input once the input exists. */}
            <OnMount run={focusStart} />
          </Suspense>
          <DialogPrimitive.Close className="absolute top-3.5 right-3 grid size-9 place-items-center rounded-md text-muted-foreground transition-colors outline-none hover:bg-accent hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 md:right-4">
            <XIcon className="size-5" aria-hidden />
            <span className="sr-only">Close</span>
          </DialogPrimitive.Close>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </Dialog>
  );
}

/** The dialog while the conversation's code arrives: its title, and that it is loading. */
function AiCoachChatLoading() {
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <header className="flex border-b py-3 pr-14 pl-4 md:pl-5">
        <ChatDialogHeading />
      </header>
      <p
        role="status"
        className="flex flex-1 items-center justify-center gap-2 text-sm text-muted-foreground"
      >
        <Spinner />
        Loading...
      </p>
    </div>
  );
}

function OnMount({ run }: { run: () => void }) {
  useEffect(() => run(), [run]);
  return null;
}
