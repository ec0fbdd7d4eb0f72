import { labelKey, type TagEvent } from '@filmroom/contract';
import { playerTitle } from './tag-stats';

// An instant event tagged with no lead or lag is a single moment: its clip still needs some
// film to play, so it gets this much, centred on the moment where the video allows.
const SHORTEST_CLIP_SECONDS = 2;

/** The range an event's clip plays: its in minus the lead to its out plus the lag, in the video. */
export function clipWindowOf(event: TagEvent, videoSeconds: number) {
  let start = Math.max(0, event.start - event.leadSeconds);
  let end = Math.min(videoSeconds, event.end + event.lagSeconds);
  if (end - start < SHORTEST_CLIP_SECONDS) {
    const middle = (start + end) / 2;
    start = Math.max(0, middle - SHORTEST_CLIP_SECONDS / 2);
    end = Math.min(videoSeconds, start + SHORTEST_CLIP_SECONDS);
    start = Math.max(0, end - SHORTEST_CLIP_SECONDS);
  }
  return { start, end };
}

/** What a clip of the event is called in a playlist: its type, player and labels. */
export function captionOf(event: TagEvent): string {
  const parts = [event.code];
  if (event.playerId) parts.push(playerTitle(event));
  if (event.labels.length > 0) parts.push(event.labels.map(labelKey).join(', '));
  if (event.period) parts.push(event.period);
  return parts.join(' · ');
}
