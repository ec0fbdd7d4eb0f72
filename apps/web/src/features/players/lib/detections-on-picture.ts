import type { PlayerDetection } from '@filmroom/contract';

/**
 * How far playback may be from a detection for its box to be drawn: half the half-second
 * between one person's detections, so each person shows at the box measured nearest to now.
 */
const BOX_WITHIN_S = 0.25;
/** How much of a person's way the path shows: the last two seconds, a step or a stride. */
const PATH_SPAN_S = 2;

/**
 * Which person a detection is of, the same for all of a track's detections: what links a box
 * on the picture to its rows in the list. Detections stored before tracks were recorded stand
 * for themselves.
 */
export function personKey(detection: PlayerDetection): string {
  return detection.trackId !== undefined
    ? `track:${detection.trackId}`
    : `at:${detection.timestamp}|${detection.box?.join(',') ?? ''}`;
}

/** A person on the picture now: their nearest detection, and the way their feet came. */
export type PersonOnPicture = {
  key: string;
  detection: PlayerDetection & { box: [number, number, number, number] };
  /** Feet (the box's bottom centre) over the recent detections, oldest first, as fractions. */
  path: { x: number; y: number }[];
};

const feet = ([x, y, width, height]: readonly number[]) => ({
  x: x! + width! / 2,
  y: y! + height!,
});

/** Each person with a box near the playback time, once, at the detection nearest to now. */
export function peopleOnPicture(
  detections: readonly PlayerDetection[],
  currentTime: number,
): PersonOnPicture[] {
  const nearest = new Map<string, PersonOnPicture['detection']>();
  for (const detection of detections) {
    const { box } = detection;
    // The epsilon keeps exactly 0.25 s away "within" despite binary floating point.
    if (!box || Math.abs(detection.timestamp - currentTime) > BOX_WITHIN_S + 1e-9) continue;
    const key = personKey(detection);
    const held = nearest.get(key);
    if (
      !held ||
      Math.abs(detection.timestamp - currentTime) < Math.abs(held.timestamp - currentTime)
    ) {
      nearest.set(key, { ...detection, box });
    }
  }
  return [...nearest].map(([key, detection]) => ({
    key,
    detection,
    path: detections
      .filter(
        (d) =>
          d.box &&
          personKey(d) === key &&
          d.timestamp <= detection.timestamp &&
          detection.timestamp - d.timestamp <= PATH_SPAN_S + 1e-9,
      )
      .sort((a, b) => a.timestamp - b.timestamp)
      .map((d) => feet(d.box!)),
  }));
}
