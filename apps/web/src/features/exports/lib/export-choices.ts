import { EXPORT_OVERLAYS, type ExportOverlay, type ExportSource } from '@filmroom/contract';
import { formatPointTimestamp } from '@/lib/format-time';

/** Each overlay as the dialog offers it, in the order it lists them. */
export const OVERLAY_CHOICES: readonly { value: ExportOverlay; label: string; hint: string }[] = [
  { value: 'drawings', label: 'Drawings', hint: 'Shapes drawn on notes, while each note shows' },
  { value: 'skeleton', label: 'Pose skeleton', hint: 'The measured body positions' },
  { value: 'guides', label: 'Coaching guides', hint: 'Lines and circles at the coaching points' },
  { value: 'captions', label: 'Note text as captions', hint: 'Across the bottom of the picture' },
  { value: 'name', label: "Player's name", hint: 'The video title and owner, in a corner' },
  { value: 'voiceNotes', label: 'Voice notes', hint: 'Mixed into the sound at their times' },
];

/** Everything on: an export is most often sent to show the athlete all the feedback. */
export const DEFAULT_OVERLAYS: readonly ExportOverlay[] = EXPORT_OVERLAYS;

export type RangeChoice = 'whole' | 'marked';

/** What to export: the whole video, or the range marked with I and O when one is chosen. */
export function exportSource(
  videoId: string,
  choice: RangeChoice,
  marked: { start: number; end: number } | null,
): ExportSource {
  if (choice === 'marked' && marked) {
    return { kind: 'video', videoId, start: marked.start, end: marked.end };
  }
  return { kind: 'video', videoId };
}

/** "0:05 – 0:12", for the marked range's choice. */
export function rangeLabel(range: { start: number; end: number }): string {
  return `${formatPointTimestamp(range.start)} – ${formatPointTimestamp(range.end)}`;
}

/** The overlays chosen, in the order the contract lists them. */
export function toggleOverlay(
  chosen: readonly ExportOverlay[],
  overlay: ExportOverlay,
  on: boolean,
): ExportOverlay[] {
  return EXPORT_OVERLAYS.filter((each) => (each === overlay ? on : chosen.includes(each)));
}
