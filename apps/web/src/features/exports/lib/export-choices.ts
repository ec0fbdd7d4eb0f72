import { EXPORT_OVERLAYS, type ExportOverlay, type ExportSource } from '@filmroom/contract';
import { formatPointTimestamp } from '@/lib/format-time';

/** Each overlay as the dialog offers it, in the order it lists them. */
export const OVERLAY_CHOICES: readonly { value: ExportOverlay; label: string; hint: string }[] = [
  { value: 'drawings', label: 'Drawings', hint: 'Shapes drawn on notes, while each note shows' },
  { value: 'skeleton', label: 'Pose skeleton', hint: 'The measured body positions' },
  {
    value: 'measurements',
    label: 'Measurements',
    hint: 'Bar and joint paths with their trails, speeds and angles as they change',
  },
  { value: 'guides', label: 'Coaching guides', hint: 'Lines and circles at the coaching points' },
  { value: 'captions', label: 'Note text as captions', hint: 'Across the bottom of the picture' },
  { value: 'name', label: "Player's name", hint: 'The video title and owner, in a corner' },
  { value: 'voiceNotes', label: 'Voice notes', hint: 'Mixed into the sound at their times' },
];

/** Everything on: an export is most often sent to show the athlete all the feedback. */
export const DEFAULT_OVERLAYS: readonly ExportOverlay[] = EXPORT_OVERLAYS;

export type RangeChoice = 'whole' | 'marked';
export type TimeRange = { start: number; end: number };

/** What a page offers to export: a video (with the range marked on its player), a clip or a playlist. */
export type ExportTarget =
  | { kind: 'video'; videoId: string; markedRange: () => TimeRange | null }
  | { kind: 'clip'; clipId: string }
  | { kind: 'playlist'; playlistId: string };

/** The dialog's words for each kind of target. */
export const targetWording: Record<
  ExportTarget['kind'],
  { button: string; short: string; title: string; description: string }
> = {
  video: {
    button: 'Export video',
    short: 'Export',
    title: 'Export video',
    description:
      'An MP4 with the overlays you choose drawn on the picture, to send or keep. Anyone who can see this video can download it until its link expires.',
  },
  clip: {
    button: 'Export clip',
    short: 'Export clip',
    title: 'Export clip',
    description:
      'An MP4 of this clip with the overlays you choose drawn on the picture. Anyone who can play this clip can download it until its link expires.',
  },
  playlist: {
    button: 'Export video',
    short: 'Export',
    title: 'Export playlist',
    description:
      'One MP4 of every clip in playing order, with the overlays you choose drawn on the picture. Anyone this playlist is shared with can download it until its link expires.',
  },
};

/** What to export: a clip, a playlist, the whole video, or its range marked with I and O. */
export function exportSource(
  target: ExportTarget,
  choice: RangeChoice,
  marked: TimeRange | null,
): ExportSource {
  if (target.kind === 'clip') return { kind: 'clip', clipId: target.clipId };
  if (target.kind === 'playlist') return { kind: 'playlist', playlistId: target.playlistId };
  if (choice === 'marked' && marked) {
    return { kind: 'video', videoId: target.videoId, start: marked.start, end: marked.end };
  }
  return { kind: 'video', videoId: target.videoId };
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
