import type { TagButton, TagSuggestion, TagTemplate } from '@filmroom/contract';
import { CheckIcon, XIcon } from 'lucide-react';
import { Fragment, memo, useState, type CSSProperties } from 'react';
import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/native-select';
import { toastError } from '@/components/ui/use-toast';
import { formatPointTimestamp } from '@/lib/format-time';
import { cn } from '@/lib/utils';
import { useAcceptTagSuggestion, useDismissTagSuggestion } from '../api/tag-suggestions';
import { useTagTemplates } from '../api/tag-templates';

/**
 * A suggestion is a moment, drawn as a flag from it: at least a finger's minimum target (WCAG
 * 2.5.8's 24 px) wide, and 60 px, wide enough for its action's name ("Backhand"), where the
 * next one is at least that far on (the room less 60 px, times a large number, clamped between
 * the two: a step, not a slope); kept inside the strip's end, its moment's line drawn apart so
 * it still shows where the moment is. In CSS the browser resolves against the strip's width at
 * each zoom, from the flag's --at and --room (in percent of the strip), so a zoom re-renders no
 * flag. Written out whole for Tailwind, which reads class names as they are written.
 */
const FLAG_PLACE =
  '[--flag-width:clamp(24px,calc((var(--room)_-_60px)_*_1000_+_60px),60px)] w-(--flag-width) left-[min(var(--at),calc(100%_-_var(--flag-width)))]';

/** A stretch of the film in percent of the strip's width, which no zoom changes. */
function percentOf(seconds: number, duration: number): string {
  return `${(seconds / duration) * 100}%`;
}

/** A flag's moment, and the room to the next one (all the strip for the last). */
function flagPlace(t: number, next: number | undefined, duration: number) {
  return {
    '--at': percentOf(t, duration),
    '--room': next === undefined ? '100%' : percentOf(next - t, duration),
  } as CSSProperties;
}

/** How a suggestion reads to a screen reader and in its tooltip: "Suggested Shot at 4.0s, Jordan". */
function describeSuggestion(suggestion: TagSuggestion): string {
  return `Suggested ${suggestion.action} at ${formatPointTimestamp(suggestion.t)}, ${suggestion.athleteName} (${suggestion.eventLabel.toLowerCase()})`;
}

/**
 * The timeline's "Suggested" row: what the analysis recognised, drawn dashed and hollow so it
 * never passes for a tagged event. Pressing one opens its Accept and Dismiss.
 */
export const TagSuggestionRow = memo(function TagSuggestionRow({
  suggestions,
  duration,
  openId,
  currentId,
  onOpen,
}: {
  /** In order of their moments. */
  suggestions: readonly TagSuggestion[];
  /** The film's length: flags are placed in percent of it, as the bars are. */
  duration: number;
  openId: string | null;
  /** The suggestion that is the timeline's one Tab stop, when it is one of these. */
  currentId: string | null;
  onOpen: (suggestion: TagSuggestion) => void;
}) {
  return (
    <div
      role="toolbar"
      aria-label={`Suggested: ${suggestions.length} ${suggestions.length === 1 ? 'suggestion' : 'suggestions'}, not counted until accepted`}
      className="relative rounded border border-dashed border-muted-foreground/50"
      data-testid="tag-suggestion-row"
    >
      {suggestions.map((suggestion, index) => {
        const place = flagPlace(suggestion.t, suggestions[index + 1]?.t, duration);
        const open = openId === suggestion.id;
        return (
          <Fragment key={suggestion.id}>
            <button
              type="button"
              data-testid="tag-suggestion"
              data-stop-id={suggestion.id}
              tabIndex={suggestion.id === currentId ? 0 : -1}
              aria-label={describeSuggestion(suggestion)}
              aria-expanded={open}
              title={describeSuggestion(suggestion)}
              onClick={() => onOpen(suggestion)}
              className={cn(
                // A size container: its name shows only in a flag wide enough to hold it.
                `@container absolute inset-y-0.5 ${FLAG_PLACE} overflow-hidden rounded-r-sm border border-dashed border-foreground/60 bg-background px-1 text-left text-[0.625rem] leading-none font-semibold text-foreground italic outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring`,
                open && 'border-solid border-foreground bg-accent',
              )}
              style={place}
            >
              <span aria-hidden className="hidden truncate @min-[2.5rem]:block">
                {suggestion.action}?
              </span>
            </button>
            {/* The moment itself: the flag's solid edge, or inside a flag kept from the end. */}
            <span
              aria-hidden
              className="pointer-events-none absolute inset-y-0.5 left-(--at) w-0.5 bg-foreground"
              style={place}
            />
          </Fragment>
        );
      })}
    </div>
  );
});

type ButtonChoice = { key: string; button: TagButton };

/** Every button of the coach's code windows, by window, keyed so the picker can name one. */
function buttonChoicesOf(templates: readonly TagTemplate[]): ButtonChoice[] {
  return templates.flatMap((template) =>
    template.buttons.map((button, index) => ({ key: `${template.id}:${index}`, button })),
  );
}

/** The button the suggestion most likely is: one named as its action ("Shot"), else the first. */
function likelyChoice(choices: readonly ButtonChoice[], action: string): string {
  const named = choices.find((choice) => choice.button.name.toLowerCase() === action.toLowerCase());
  return (named ?? choices[0])?.key ?? '';
}

/**
 * Accept (as an event of the button picked, with that button's lead and lag) or Dismiss (for
 * good, on this video) one suggestion. Focus starts on the picker, so a keyboard user picks,
 * tabs to Accept and presses Enter.
 */
export function TagSuggestionActions({
  videoId,
  suggestion,
  onDone,
}: {
  videoId: string;
  suggestion: TagSuggestion;
  onDone: () => void;
}) {
  const templates = useTagTemplates();
  const accept = useAcceptTagSuggestion(videoId);
  const dismiss = useDismissTagSuggestion(videoId);
  const own = templates.data?.templates ?? [];
  const choices = buttonChoicesOf(own);
  const [picked, setPicked] = useState<string | null>(null);
  const chosenKey = picked ?? likelyChoice(choices, suggestion.action);
  const chosen = choices.find((choice) => choice.key === chosenKey)?.button;
  const busy = accept.isPending || dismiss.isPending;

  const acceptChosen = () => {
    if (!chosen) return;
    accept.mutate(
      {
        suggestionId: suggestion.id,
        body: {
          code: chosen.name,
          colour: chosen.colour,
          leadSeconds: chosen.leadSeconds,
          lagSeconds: chosen.lagSeconds,
        },
      },
      { onSuccess: onDone, onError: toastError },
    );
  };

  return (
    <div
      role="region"
      aria-label={describeSuggestion(suggestion)}
      className="flex flex-wrap items-center gap-2 rounded border border-dashed p-2 text-xs"
    >
      <span className="font-medium">
        Suggested {suggestion.action} at {formatPointTimestamp(suggestion.t)}
      </span>
      <span className="text-muted-foreground">
        {suggestion.athleteName}, {suggestion.eventLabel.toLowerCase()},{' '}
        {suggestion.movementSource === 'chosen'
          ? 'the movement chosen for the video'
          : `${Math.round(suggestion.confidence * 100)}% sure of the movement`}
      </span>
      {templates.isPending ? (
        <span className="text-muted-foreground">Loading your code windows…</span>
      ) : choices.length === 0 ? (
        <span className="text-muted-foreground">
          Copy a code window in the Tag tab to accept suggestions as events.
        </span>
      ) : (
        <NativeSelect
          aria-label="Accept as event type"
          value={chosenKey}
          wrapperClassName="min-w-36"
          className="h-8 text-xs md:text-xs"
          autoFocus
          onChange={(change) => setPicked(change.target.value)}
        >
          {own.map((template) => (
            <optgroup key={template.id} label={template.name}>
              {template.buttons.map((button, index) => (
                <option key={`${template.id}:${index}`} value={`${template.id}:${index}`}>
                  {button.name}
                </option>
              ))}
            </optgroup>
          ))}
        </NativeSelect>
      )}
      <Button size="sm" disabled={!chosen || busy} onClick={acceptChosen}>
        <CheckIcon aria-hidden />
        Accept
      </Button>
      <Button
        size="sm"
        variant="outline"
        disabled={busy}
        onClick={() => dismiss.mutate(suggestion.id, { onSuccess: onDone, onError: toastError })}
      >
        <XIcon aria-hidden />
        Dismiss
      </Button>
      <Button size="sm" variant="ghost" onClick={onDone}>
        Close
      </Button>
    </div>
  );
}
