/**
 * `npm run eval`: scans every labelled clip in ../shared/fixtures the way the server does,
 * analyses it with the movement auto-detected, and prints per clip the movement found against
 * the label (right, abstained or wrong), the repetitions and each key event's time error; then,
 * for originals and variants apart: a summary with calibration, a confusion matrix, and the
 * chosen pass (the labelled movement chosen by the coach: were its phases found?), on every
 * variant kind as well (the summary's "chosen" columns). Scans and
 * variants are cached in the temporary folder (keyed by the clip, the variant and the vision
 * code), so a rerun after a coach change takes seconds.
 *
 *   npm run eval [-- [--variants] [name-filter]]
 *
 * --variants also makes and reads every variant of every clip (variants.ts): slowed ×0.5 and
 * ×0.4, mirrored, small in the frame, 15 fps, tilted ±8°. A first run takes about an hour.
 */
import { judgeClip, type Judged } from './judge';
import { labelledClips } from './fixtures';
import {
  chosenRow,
  chosenSummary,
  clipRow,
  confusionMatrix,
  eventLines,
  summarise,
  summaryRow,
} from './report';
import { VARIANT_KINDS } from './variants';

const args = process.argv.slice(2);
const withVariants = args.includes('--variants');
const filter = args.find((a) => !a.startsWith('--'));
// --minutes=N: start no new clip after N minutes and report the clips read so far (a first
// variant run is long; the shortest clips go first so a cut-off run covers the most clips).
const minutes = Number(args.find((a) => a.startsWith('--minutes='))?.split('=')[1] ?? Infinity);
const startedAt = Date.now();
const settings = { fps: Number(process.env.SCAN_FPS ?? 5) };

const originals: Judged[] = [];
const variants: Judged[] = [];
const clips = (await labelledClips()).filter((c) => !filter || c.clip.includes(filter));
const byLength = [...clips].sort(
  (a, b) => (a.label.duration_s ?? Infinity) - (b.label.duration_s ?? Infinity),
);
const notRead: string[] = [];
for (const clip of withVariants ? byLength : clips) {
  if (Date.now() - startedAt > minutes * 60_000) {
    notRead.push(clip.clip);
    continue;
  }
  originals.push(await judgeClip(clip, 'original', settings));
  if (!withVariants) continue;
  for (const kind of VARIANT_KINDS) {
    const started = Date.now();
    const judged = await judgeClip(clip, kind, settings);
    variants.push(judged);
    console.error(
      `${clip.clip} [${kind}]${judged.same ? ' (the original’s picture)' : ''}: ${judged.result.found}, ${Math.round((Date.now() - started) / 1000)} s`,
    );
  }
}

function report(title: string, judged: Judged[]) {
  if (!judged.length) return;
  console.log(`\n=== ${title}: per clip ===`);
  console.table(judged.map(clipRow));
  console.log(eventLines(judged).join('\n'));
  console.log(`\n=== ${title}: confusion matrix (labelled × found on the main athlete) ===`);
  console.table(confusionMatrix(judged));
  const confidentWrong = summarise(judged).confidentWrong;
  if (confidentWrong.length)
    console.log(`confident wrong readings:\n  ${confidentWrong.join('\n  ')}`);
  // Every variant too: a movement the coach named must be found however the clip was filmed.
  const chosen = judged.filter((j) => j.chosen);
  if (chosen.length) {
    console.log(`\n=== ${title}: the labelled movement chosen by the coach ===`);
    console.table(chosen.map(chosenRow));
    console.log(chosenSummary(chosen));
  }
}

const byName = (a: Judged, b: Judged) => a.clip.localeCompare(b.clip);
originals.sort(byName);
variants.sort(byName);
report('Originals', originals);
report('Variants', variants);

if (notRead.length) console.log(`\nnot read (over --minutes=${minutes}): ${notRead.join(', ')}`);
console.log(`\n=== Summary at ${settings.fps} frames a second ===`);
const kinds = VARIANT_KINDS.map(
  (kind) => [`  ${kind}`, variants.filter((v) => v.variant === kind)] as const,
).filter(([, judged]) => judged.length);
console.table(
  Object.fromEntries(
    [
      ['originals', originals] as const,
      ...(variants.length ? [['variants', variants] as const, ...kinds] : []),
    ].map(([title, judged]) => [title, summaryRow(summarise(judged))]),
  ),
);
