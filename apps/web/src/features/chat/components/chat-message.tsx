import type { ChatRole } from '@filmroom/contract';
import { BotIcon } from 'lucide-react';
import { memo, useMemo } from 'react';
import type { ComponentProps } from 'react';
import type { Components, ExtraProps } from 'react-markdown';
import { Markdown, MarkdownLink } from '@/components/markdown/markdown';
import { cn } from '@/lib/utils';
import { remarkVideoMoments, secondsFromMomentHref, splitVideoMoments } from '../lib/video-moments';

// Stable, so the markdown renderer's memo holds between renders.
const REMARK_PLUGINS = [remarkVideoMoments];

/** Seeks the video to a moment; absent while the answer is still streaming. */
type Seek = ((seconds: number) => void) | undefined;

type ChatMessageProps = {
  role: ChatRole;
  content: string;
  onSeek: Seek;
  /** The answer is still arriving: screen readers wait for it whole. */
  streaming?: boolean;
};

/**
 * One turn of the conversation: the question as typed (plain text), or the answer as markdown.
 * Moments like 0:05 in either are buttons that seek the video. Memoised: a streaming answer
 * re-renders itself, not the whole history above it.
 */
export const ChatMessage = memo(function ChatMessage({
  role,
  content,
  onSeek,
  streaming = false,
}: ChatMessageProps) {
  if (role === 'user') {
    return (
      <article aria-label="You" className="flex justify-end pl-10 sm:pl-14">
        <div className="max-w-full rounded-2xl rounded-br-md bg-primary px-3.5 py-2 text-sm leading-relaxed break-words whitespace-pre-wrap text-primary-foreground shadow-sm">
          {splitVideoMoments(content).map((piece, index) =>
            typeof piece === 'string' ? (
              piece
            ) : (
              <MomentButton
                key={index}
                label={piece.label}
                seconds={piece.seconds}
                onSeek={onSeek}
                tone="on-primary"
              />
            ),
          )}
        </div>
      </article>
    );
  }
  return (
    <article aria-label="AI Coach" aria-busy={streaming} className="flex gap-2.5 pr-2 sm:pr-6">
      <CoachAvatar />
      <div className="min-w-0 flex-1 rounded-2xl rounded-tl-md border bg-card px-3.5 py-2.5 shadow-xs">
        <AnswerMarkdown content={content} onSeek={onSeek} />
      </div>
    </article>
  );
});

export function CoachAvatar({ className }: { className?: string }) {
  return (
    <span
      aria-hidden
      className={cn(
        'mt-0.5 grid size-7 shrink-0 place-items-center rounded-full bg-secondary text-primary ring-1 ring-primary/15',
        className,
      )}
    >
      <BotIcon className="size-4" />
    </span>
  );
}

function AnswerMarkdown({ content, onSeek }: { content: string; onSeek: Seek }) {
  const components = useMemo<Components>(
    () => ({
      a: function AnswerLink(props: ComponentProps<'a'> & ExtraProps) {
        const seconds = secondsFromMomentHref(props.href);
        if (seconds === null) return <MarkdownLink {...props} />;
        const label = typeof props.children === 'string' ? props.children : String(seconds);
        return <MomentButton label={label} seconds={seconds} onSeek={onSeek} tone="on-card" />;
      },
    }),
    [onSeek],
  );
  return (
    <Markdown components={components} remarkPlugins={REMARK_PLUGINS}>
      {content}
    </Markdown>
  );
}

const MOMENT_TONES = {
  'on-card': {
    base: 'bg-primary/10 text-primary',
    button: 'hover:bg-primary hover:text-primary-foreground focus-visible:ring-ring/50',
  },
  'on-primary': {
    base: 'bg-primary-foreground/20 text-primary-foreground',
    button:
      'underline decoration-primary-foreground/60 underline-offset-2 hover:bg-primary-foreground/35 focus-visible:ring-primary-foreground/60',
  },
} as const;

/** A moment of the video named in a message; a button that seeks there, once it can. */
function MomentButton({
  label,
  seconds,
  onSeek,
  tone,
}: {
  label: string;
  seconds: number;
  onSeek: Seek;
  tone: keyof typeof MOMENT_TONES;
}) {
  const base = cn(
    'rounded-md px-1 py-px font-medium tabular-nums [box-decoration-break:clone]',
    MOMENT_TONES[tone].base,
  );
  // While the answer streams the moment is only marked: on a phone a tap closes the chat to
  // show the video, which would stop the answer half-way.
  if (!onSeek) return <span className={base}>{label}</span>;
  return (
    <button
      type="button"
      title={`Jump to ${label}`}
      onClick={() => onSeek(seconds)}
      className={cn(
        base,
        MOMENT_TONES[tone].button,
        'cursor-pointer transition-colors outline-none focus-visible:ring-[3px]',
      )}
    >
      {label}
    </button>
  );
}
