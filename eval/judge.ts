import { analysePoses, type CoachAnalysis } from '@filmroom/coach';
import type { MovementId } from '@filmroom/contract';
import { evaluateClip, inCatalogue, type ClipLabel, type ClipResult } from './evaluate';
import { cachedScan, cachedVariantScan, type ScanSettings } from './scan-cache';
import { variantLabel, type VariantKind } from './variants';

export type LabelledClip = { clip: string; file: string; label: ClipLabel };

/** The movement chosen by the coach, read again on the same scan: were its phases found? */
type ChosenResult = {
  movement: MovementId;
  /**
   * The main reading has the chosen movement's key moments, and at least one repetition where
   * the label counts them (a yoga flow is held poses, not repetitions).
   */
  found: boolean;
  events: number;
  repetitions: number;
  /** Labelled moments placed within tolerance, of those labelled. */
  eventsWithin: number;
  eventsLabelled: number;
};

/** One clip (or one variant of it) read as the server reads it, against its labels. */
export type Judged = {
  clip: string;
  variant: VariantKind | 'original';
  /** The variant shows the original's very picture (so it was not made again). */
  same: boolean;
  label: ClipLabel;
  analysis: CoachAnalysis;
  result: ClipResult;
  /** Only for clips labelled with a catalogue movement. */
  chosen: ChosenResult | null;
};

function readChosen(
  clip: string,
  label: ClipLabel,
  scan: Parameters<typeof analysePoses>[0],
): ChosenResult | null {
  if (!inCatalogue(label.movement)) return null;
  const analysis = analysePoses(scan, { movement: label.movement });
  const main = analysis.readings[0];
  const result = evaluateClip(clip, label, analysis.readings, main?.repetitions ?? 0);
  const events = main?.events.length ?? 0;
  const repetitions = main?.repetitions ?? 0;
  return {
    movement: label.movement,
    found: events > 0 && (label.reps === undefined || repetitions >= 1),
    events,
    repetitions,
    eventsWithin: result.events.filter((e) => e.within).length,
    eventsLabelled: result.events.length,
  };
}

/** Scans (cached), analyses with movement auto-detected, and judges one clip or variant. */
export async function judgeClip(
  { clip, file, label }: LabelledClip,
  variant: VariantKind | 'original',
  settings: ScanSettings,
): Promise<Judged> {
  const { scan, same } =
    variant === 'original'
      ? { scan: await cachedScan(file, settings), same: false }
      : await cachedVariantScan(file, variant, settings);
  const judgedLabel = variant === 'original' ? label : variantLabel(label, variant);
  const analysis = analysePoses(scan);
  const result = evaluateClip(
    clip,
    judgedLabel,
    analysis.readings,
    analysis.readings[0]?.repetitions ?? 0,
  );
  return {
    clip,
    variant,
    same,
    label: judgedLabel,
    analysis,
    result,
    chosen: readChosen(clip, judgedLabel, scan),
  };
}
