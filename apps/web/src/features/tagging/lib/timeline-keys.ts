/** A place on the timeline the keyboard stops at: a bar, a cluster or a suggestion's flag. */
export type TimelineStop = {
  /** The event's (a cluster's first event's) or the suggestion's id. */
  id: string;
  /** Its moment in the film: where ArrowUp and ArrowDown look for the nearest on the next row. */
  seconds: number;
  /** Where it is drawn on the strip at the present zoom, in pixels. */
  left: number;
  width: number;
};

type StopPlace = { row: number; index: number };

/**
 * Where a key moves the focus from the stop at `from` (a roving tab stop over the rows, as in
 * WAI-ARIA's grid and toolbar patterns): ArrowLeft and ArrowRight to the previous and next
 * stop of the row, Home and End to its first and last, ArrowUp and ArrowDown to the stop
 * nearest in time on the row above or below. At an edge the focus stays where it is. Null
 * for a key the timeline leaves to others. `stopsOf(row)` lays out only the rows it needs.
 */
export function stopAfterKey(
  key: string,
  from: StopPlace,
  rowCount: number,
  stopsOf: (row: number) => readonly TimelineStop[],
): StopPlace | null {
  const stops = stopsOf(from.row);
  switch (key) {
    case 'ArrowLeft':
      return { row: from.row, index: Math.max(0, from.index - 1) };
    case 'ArrowRight':
      return { row: from.row, index: Math.min(stops.length - 1, from.index + 1) };
    case 'Home':
      return { row: from.row, index: 0 };
    case 'End':
      return { row: from.row, index: stops.length - 1 };
    case 'ArrowUp':
    case 'ArrowDown': {
      const row = from.row + (key === 'ArrowUp' ? -1 : 1);
      if (row < 0 || row >= rowCount) return from;
      return { row, index: nearestInTime(stopsOf(row), stops[from.index]!.seconds) };
    }
    default:
      return null;
  }
}

/** The index of the stop whose moment is nearest `seconds` (the earlier one on a tie). */
function nearestInTime(stops: readonly TimelineStop[], seconds: number): number {
  let nearest = 0;
  stops.forEach((stop, index) => {
    if (Math.abs(stop.seconds - seconds) < Math.abs(stops[nearest]!.seconds - seconds)) {
      nearest = index;
    }
  });
  return nearest;
}
