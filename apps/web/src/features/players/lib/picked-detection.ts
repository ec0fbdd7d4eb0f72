import type { PlayerDetection } from '@filmroom/contract';
import { formatPointTimestamp } from '@/lib/format-time';

/** A detection picked in the Players tab, with the name its row shows. */
export type PickedDetection = { detection: PlayerDetection; name: string };

/** A person's box for the viewer to draw: [x, y, width, height] as fractions of the frame. */
export type PersonBox = { box: readonly [number, number, number, number]; label: string };

/**
 * How far playback may be from a detection's time for its box to still be drawn: half the
 * half-second between one person's detections, so the box shown is the nearest one measured.
 * Beyond it the person has moved on and the box would mark where they were.
 */
const BOX_SHOWN_WITHIN_S = 0.25;

/** Tells detections apart across refetches, which bring new objects for the same rows. */
export function detectionKey(detection: PlayerDetection): string {
  return [detection.timestamp, detection.box?.join(',') ?? '', detection.playerMatchId ?? ''].join(
    '|',
  );
}

export function isPicked(picked: PickedDetection | null, detection: PlayerDetection): boolean {
  return picked !== null && detectionKey(picked.detection) === detectionKey(detection);
}

/** The picked person's box while playback is at their detection's time; null otherwise. */
export function personBoxAt(picked: PickedDetection | null, currentTime: number): PersonBox | null {
  const box = picked?.detection.box;
  if (!picked || !box) return null;
  // The epsilon keeps exactly 0.25 s away "within" despite binary floating point.
  if (Math.abs(currentTime - picked.detection.timestamp) > BOX_SHOWN_WITHIN_S + 1e-9) return null;
  return { box, label: picked.name };
}

/** What a screen reader hears when a detection is picked. */
export function pickAnnouncement(picked: PickedDetection | null): string {
  if (!picked) return '';
  const at = formatPointTimestamp(picked.detection.timestamp);
  return picked.detection.box
    ? `${picked.name} at ${at}: the video is paused there with a box around them.`
    : `${picked.name} at ${at}: the video is paused there; no box was recorded for this detection.`;
}
