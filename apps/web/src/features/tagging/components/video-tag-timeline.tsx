import type { TagSuggestion } from '@filmroom/contract';
import type { StoryboardTile } from '@/lib/storyboard';
import { useTagEvents } from '../api/tag-events';
import { useTagSuggestions } from '../api/tag-suggestions';
import { TagTimeline } from './tag-timeline';
import { useTagTimelineEdits } from './use-tag-timeline-edits';

/** A suggested event plays from this long before its moment: a shot's or a serve's wind-up. */
const SUGGESTION_PREVIEW_SECONDS = 2;

type VideoTagTimelineProps = {
  videoId: string;
  duration: number;
  currentTime: number;
  /** Editors adjust and delete events, and see the suggested ones. */
  editable: boolean;
  /** Plays from `leadSeconds` before `start`, as an event's clip does. */
  onPlay: (moment: { start: number; leadSeconds: number }) => void;
  /** The video's storyboard, for the frame under the pointer or at a focused bar; null if none. */
  storyboard?: readonly StoryboardTile[] | null;
};

/**
 * A video's tag timeline with its own data: the events' answer re-renders this and not the
 * page around it (the player above all), which is what made a game's first draw slow.
 */
export function VideoTagTimeline({
  videoId,
  duration,
  currentTime,
  editable,
  onPlay,
  storyboard = null,
}: VideoTagTimelineProps) {
  const events = useTagEvents(videoId);
  const edits = useTagTimelineEdits(videoId);
  // Suggested events are for those who tag: the server refuses them to viewers.
  const suggestions = useTagSuggestions(videoId, { enabled: editable });
  return (
    <TagTimeline
      events={events.data ?? []}
      duration={duration}
      currentTime={currentTime}
      onPlay={onPlay}
      storyboard={storyboard}
      edits={editable ? edits : undefined}
      suggested={
        editable && suggestions.data
          ? {
              videoId,
              suggestions: suggestions.data,
              // From just before the moment, so the coach sees the action to judge it.
              onPlay: (suggestion: TagSuggestion) =>
                onPlay({ start: suggestion.t, leadSeconds: SUGGESTION_PREVIEW_SECONDS }),
            }
          : undefined
      }
    />
  );
}
