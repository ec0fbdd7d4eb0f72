import { ArrowDownIcon, MessageCircleQuestionIcon, SparklesIcon, Trash2Icon } from 'lucide-react';
import { useId, useState } from 'react';
import type { Ref } from 'react';
import { ErrorState } from '@/components/layout/error-state';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/utils';
import { useAskAiCoach } from '../api/ask-ai-coach';
import type { AiCoachTurn } from '../api/ask-ai-coach';
import { useClearChatHistory } from '../api/clear-chat-history';
import { useChatHistory } from '../api/get-chat-history';
import { ChatComposer } from './chat-composer';
import { ChatDialogHeading } from './chat-dialog-heading';
import { ChatMessage, CoachAvatar } from './chat-message';
import { useStickToBottom } from './use-stick-to-bottom';

type AiCoachChatProps = {
  videoId: string;
  suggestedPrompts: readonly string[];
  onSeek: (seconds: number) => void;
  inputRef: Ref<HTMLTextAreaElement>;
};

/**
 * Spec §2, §4: the conversation about one video. The history, suggested prompts that send
 * themselves, the question box, and Clear history. Mounted only while the dialog is open, so
 * closing it stops an answer on its way (useAskAiCoach).
 */
export function AiCoachChat({ videoId, suggestedPrompts, onSeek, inputRef }: AiCoachChatProps) {
  const history = useChatHistory(videoId);
  const { ask, turn, streaming } = useAskAiCoach(videoId);
  const clear = useClearChatHistory(videoId);
  const [draft, setDraft] = useState('');
  const { viewportRef, contentRef, atBottom, scrollToBottom } = useStickToBottom();

  const messages = history.data ?? [];
  const conversationStarted = messages.length > 0 || turn !== null;

  const send = (message: string) => {
    if (message.trim() === '' || streaming) return;
    setDraft('');
    // Asking is reading the latest: follow the answer even if scrolled up before.
    scrollToBottom();
    void ask(message).then((outcome) => {
      // Refused before it was stored (too many questions, signed out): keep what was typed.
      if (outcome === 'not sent') setDraft((typed) => (typed.trim() === '' ? message : typed));
    });
  };

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <header className="flex items-center gap-3 border-b py-3 pr-14 pl-4 md:pl-5">
        <ChatDialogHeading />
        <Button
          variant="ghost"
          size="sm"
          title="Clear history"
          onClick={() => clear.mutate()}
          disabled={messages.length === 0 || streaming || clear.isPending}
          className="shrink-0 text-muted-foreground hover:text-destructive max-sm:size-9 max-sm:px-0"
        >
          {clear.isPending ? <Spinner /> : <Trash2Icon aria-hidden />}
          <span className="max-sm:sr-only">Clear history</span>
        </Button>
      </header>

      <div className="relative flex min-h-0 flex-1 flex-col">
        <div
          ref={viewportRef}
          role="log"
          aria-live="polite"
          aria-label="Conversation with the AI Coach"
          // Screen readers wait for a streaming answer to be whole rather than read each word.
          aria-busy={streaming}
          tabIndex={0}
          className="min-h-0 flex-1 overflow-y-auto overscroll-contain outline-none focus-visible:ring-[3px] focus-visible:ring-ring/40 focus-visible:ring-inset"
        >
          <div ref={contentRef} className="grid gap-4 px-4 py-5 md:px-5">
            {history.isPending && !turn ? (
              <HistoryLoading />
            ) : history.isError && !history.data ? (
              <ErrorState
                title="Chat history couldn't load"
                message={history.error.message}
                onRetry={() => void history.refetch()}
                retrying={history.isFetching}
                titleAs="h3"
                className="py-8"
              />
            ) : null}
            {history.isSuccess && !conversationStarted ? (
              <Welcome prompts={suggestedPrompts} onPick={send} />
            ) : null}
            {messages.map((message) => (
              <ChatMessage
                key={message.id}
                role={message.role}
                content={message.content}
                onSeek={onSeek}
              />
            ))}
            {turn ? <CurrentTurn turn={turn} /> : null}
          </div>
        </div>
        {atBottom ? null : (
          <Button
            variant="outline"
            size="sm"
            onClick={scrollToBottom}
            className="absolute bottom-3 left-1/2 -translate-x-1/2 rounded-full shadow-md"
          >
            <ArrowDownIcon aria-hidden />
            Latest
          </Button>
        )}
      </div>

      <footer className="grid gap-2.5 border-t bg-background px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] md:px-5">
        {conversationStarted && suggestedPrompts.length > 0 ? (
          <PromptChips prompts={suggestedPrompts} onPick={send} disabled={streaming} />
        ) : null}
        <ChatComposer
          draft={draft}
          onDraftChange={setDraft}
          onSend={send}
          streaming={streaming}
          inputRef={inputRef}
        />
      </footer>
    </div>
  );
}

/** The question just asked, and the answer as far as it has come. */
function CurrentTurn({ turn }: { turn: AiCoachTurn }) {
  return (
    <>
      <ChatMessage role="user" content={turn.question} onSeek={undefined} />
      {turn.answer === '' ? (
        <article aria-label="AI Coach" aria-busy className="flex gap-2.5">
          <CoachAvatar />
          <div className="flex items-center gap-1 rounded-2xl rounded-tl-md border bg-card px-3.5 py-3 shadow-xs">
            <span className="sr-only">The AI Coach is answering…</span>
            {[0, 150, 300].map((delay) => (
              <span
                key={delay}
                aria-hidden
                style={{ animationDelay: `${delay}ms` }}
                className="size-1.5 animate-bounce rounded-full bg-muted-foreground/60 motion-reduce:animate-none"
              />
            ))}
          </div>
        </article>
      ) : (
        <ChatMessage role="assistant" content={turn.answer} onSeek={undefined} streaming />
      )}
    </>
  );
}

function HistoryLoading() {
  return (
    <div role="status" aria-label="Loading chat history" className="grid gap-4">
      <Skeleton className="ml-auto h-9 w-3/5 rounded-2xl" />
      <div className="flex gap-2.5">
        <Skeleton className="size-7 shrink-0 rounded-full" />
        <Skeleton className="h-20 flex-1 rounded-2xl" />
      </div>
      <Skeleton className="ml-auto h-9 w-2/5 rounded-2xl" />
    </div>
  );
}

/** An empty conversation: what the coach can do, and questions to start with. */
function Welcome({ prompts, onPick }: { prompts: readonly string[]; onPick: (p: string) => void }) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="grid gap-5 py-2 text-center sm:py-6">
      <div className="grid justify-items-center gap-3">
        <span className="grid size-12 place-items-center rounded-2xl bg-secondary text-primary ring-8 ring-secondary/40">
          <SparklesIcon className="size-6" aria-hidden />
        </span>
        <h3 id={titleId} className="font-semibold">
          Ask about this video
        </h3>
        <p className="max-w-xs text-sm text-pretty text-muted-foreground">
          The AI Coach answers from what was measured in this clip: reps, angles, timing and your
          notes. Times like 0:05 in an answer jump the video there.
        </p>
      </div>
      {prompts.length > 0 ? (
        <div className="grid gap-2 text-left">
          <h4 className="text-xs font-medium tracking-wide text-muted-foreground uppercase">
            Suggested questions
          </h4>
          <ul aria-label="Suggested questions" className="grid gap-2">
            {prompts.map((prompt) => (
              <li key={prompt}>
                <button
                  type="button"
                  onClick={() => onPick(prompt)}
                  className="flex w-full items-center gap-2.5 rounded-xl border bg-card px-3.5 py-2.5 text-left text-sm font-medium shadow-xs transition-colors outline-none hover:border-primary/50 hover:bg-accent/50 focus-visible:ring-[3px] focus-visible:ring-ring/50"
                >
                  <MessageCircleQuestionIcon className="size-4 shrink-0 text-primary" aria-hidden />
                  {prompt}
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}

/** The suggested questions once a conversation is going: one row above the question box. */
function PromptChips({
  prompts,
  onPick,
  disabled,
}: {
  prompts: readonly string[];
  onPick: (prompt: string) => void;
  disabled: boolean;
}) {
  return (
    <ul
      aria-label="Suggested questions"
      // The last chip fades out at the edge: there are more to scroll to.
      className="-mx-4 flex gap-2 overflow-x-auto pr-10 pb-0.5 pl-4 [mask-image:linear-gradient(to_right,black_calc(100%-2.5rem),transparent)] [scrollbar-width:none] md:-mx-5 md:pl-5"
    >
      {prompts.map((prompt) => (
        <li key={prompt} className="shrink-0">
          <button
            type="button"
            onClick={() => onPick(prompt)}
            disabled={disabled}
            className={cn(
              'rounded-full border bg-card px-3 py-1.5 text-xs font-medium whitespace-nowrap shadow-xs transition-colors outline-none hover:border-primary/50 hover:bg-accent/50 focus-visible:ring-[3px] focus-visible:ring-ring/50',
              'disabled:pointer-events-none disabled:opacity-60',
            )}
          >
            {prompt}
          </button>
        </li>
      ))}
    </ul>
  );
}
