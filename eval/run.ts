/**
 * `npm run eval`: scans every labelled clip in ../shared/fixtures the way the server does,
 * analyses it, and prints per clip the movement found against the label, the repetitions
 * against the label and each key event's time error, then a summary. Scans are cached in the
 * temporary folder (keyed by the clip and the vision code), so a rerun after a coach change
 * takes seconds.
 *
 *   npm run eval [-- name-filter]
 */
import { analysePoses } from '@filmroom/coach';
import { evaluateClip, type ClipResult } from './evaluate';
import { labelledClips } from './fixtures';
import { cachedScan } from './scan-cache';

const filter = process.argv[2];
const fps = Number(process.env.SCAN_FPS ?? 5);
const results: ClipResult[] = [];
for (const { clip, file, label } of await labelledClips()) {
  if (filter && !clip.includes(filter)) continue;
  const scan = await cachedScan(file, { fps });
  const analysis = analysePoses(scan);
  results.push(
    evaluateClip(clip, label, analysis.readings, analysis.readings[0]?.repetitions ?? 0),
  );
}

const ms = (seconds: number | null) =>
  seconds === null ? 'missing' : `${Math.round(seconds * 1000)} ms`;
console.table(
  results.map((r) => ({
    clip: r.clip.replace(/\.mp4$/, ''),
    label: r.expected,
    found: `${r.found} (${Math.round(r.confidence * 100)}%)`,
    movement: r.movementRight ? 'right' : 'WRONG',
    view: `${r.view}${r.viewRight === false ? ' ✗' : ''}`,
    reps:
      r.repsExpected === null
        ? `${r.repsFound} (no label)`
        : `${r.repsFound} of ${r.repsExpected}${r.repsRight ? '' : ' ✗'}`,
    events: r.events.length
      ? `${r.events.filter((e) => e.within).length} of ${r.events.length} within tolerance`
      : '',
  })),
);
for (const r of results.filter((r) => r.events.length)) {
  console.log(
    `${r.clip}: ${r.events.map((e) => `${e.name} ${ms(e.error)}${e.within ? '' : ` (tol ${Math.round(e.tol * 1000)} ms) ✗`}`).join(', ')}`,
  );
}
const withReps = results.filter((r) => r.repsExpected !== null);
const events = results.flatMap((r) => r.events);
const found = events.filter((e) => e.error !== null);
console.log(
  `\nmovement right on ${results.filter((r) => r.movementRight).length} of ${results.length} clips; ` +
    `view right on ${results.filter((r) => r.viewRight).length} of ${results.filter((r) => r.viewRight !== null).length}; ` +
    `repetitions exact on ${withReps.filter((r) => r.repsRight).length} of ${withReps.length}; ` +
    `events within tolerance ${events.filter((e) => e.within).length} of ${events.length} ` +
    `(found ${found.length}, mean absolute error ${found.length ? Math.round((found.reduce((s, e) => s + Math.abs(e.error!), 0) / found.length) * 1000) : 0} ms) ` +
    `at ${fps} frames a second`,
);
