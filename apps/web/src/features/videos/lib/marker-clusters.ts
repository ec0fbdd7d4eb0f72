/**
 * Timeline markers that would overlap, gathered into clusters: four notes between 4.2 and
 * 4.8 s on a phone's timeline sit within a few pixels, and only the top one could be clicked.
 * A cluster is drawn once, with its count, and opens the list of its notes.
 */

/** A marker is 12 px across; closer than this, two of them overlap or touch. */
const MARKER_SPACING_PX = 14;

export type MarkerCluster<T> = {
  /** Where the cluster is drawn: the middle of its first and last marker, in percent. */
  percent: number;
  members: T[];
};

/**
 * Markers (each with its place along the timeline, in percent) in clusters of ones that
 * overlap on a timeline `widthPx` wide: each joins the cluster before it while it is closer
 * than `spacingPx` to that cluster's last marker. Returned in time order; a lone marker is a
 * cluster of one.
 */
export function clusterMarkers<T extends { percent: number }>(
  markers: readonly T[],
  widthPx: number,
  spacingPx = MARKER_SPACING_PX,
): MarkerCluster<T>[] {
  const sorted = [...markers].sort((a, b) => a.percent - b.percent);
  // Before the timeline is measured nothing is known to overlap.
  if (!(widthPx > 0))
    return sorted.map((marker) => ({ percent: marker.percent, members: [marker] }));
  const groups: T[][] = [];
  for (const marker of sorted) {
    const group = groups.at(-1);
    const last = group?.at(-1);
    const apartPx = last ? ((marker.percent - last.percent) / 100) * widthPx : Infinity;
    if (group && apartPx < spacingPx) group.push(marker);
    else groups.push([marker]);
  }
  return groups.map((members) => ({
    percent: (members[0]!.percent + members.at(-1)!.percent) / 2,
    members,
  }));
}
