/**
 * Each side's colour, used for its label, its skeleton and its line in the chart, so "A" and
 * "B" read the same everywhere. Sky and orange stay apart for the common colour blindnesses.
 */
export const SIDE_COLOUR = { a: '#38bdf8', b: '#fb923c' } as const;
export type SideKey = keyof typeof SIDE_COLOUR;
