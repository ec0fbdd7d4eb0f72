import type { ReactionSummary } from '@filmroom/contract';
import { useToggleReaction } from '../api/toggle-reaction';
import { REACTIONS } from '@filmroom/contract/values';
import { REACTION_ICONS, REACTION_NAMES } from '../lib/reactions';

/**
 * The five reactions (spec §9) with their counts; pressed are the ones the viewer gave, and
 * pressing one gives it or takes it back.
 */
export function ReactionBar({
  videoId,
  annotationId,
  reactions,
}: {
  videoId: string;
  annotationId: string;
  reactions: ReactionSummary;
}) {
  const toggle = useToggleReaction(videoId);
  return (
    <div role="group" aria-label="Reactions" className="flex flex-wrap gap-1.5">
      {REACTIONS.map((reaction) => {
        const { count, mine } = reactions[reaction] ?? { count: 0, mine: false };
        const Icon = REACTION_ICONS[reaction];
        return (
          <button
            key={reaction}
            type="button"
            aria-pressed={mine}
            aria-label={`${REACTION_NAMES[reaction]}: ${count}`}
            title={REACTION_NAMES[reaction]}
            // Not disabled while a toggle is on its way: that would drop keyboard focus.
            aria-busy={toggle.isPending || undefined}
            onClick={() => {
              if (!toggle.isPending) toggle.mutate({ annotationId, reaction });
            }}
            className="inline-flex h-8 min-w-12 items-center justify-center gap-1.5 rounded-full border bg-card px-2.5 text-sm font-semibold tabular-nums transition-colors outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-pressed:border-primary aria-pressed:bg-primary/10 aria-pressed:text-primary"
          >
            <Icon aria-hidden data-reaction={reaction} className="size-4 shrink-0" />
            <span aria-hidden data-testid="reaction-count">
              {count}
            </span>
          </button>
        );
      })}
    </div>
  );
}
