import { VARIANT_KINDS, type VariantKind } from './variants';

/** The run's seed: EVAL_SEED to replay a run, else the clock, so each run checks other variants. */
export function evalSeed(env: NodeJS.ProcessEnv = process.env): number {
  const given = env.EVAL_SEED;
  if (given !== undefined && given !== '') {
    const seed = Number(given);
    if (!Number.isSafeInteger(seed)) throw new Error(`EVAL_SEED must be an integer, not ${given}`);
    return seed;
  }
  return Date.now();
}

/** mulberry32: a small, well-mixed generator of numbers in [0, 1) from a 32-bit seed. */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * One variant per clip, the same for the same seed and clips. `allowed` narrows a clip's choice
 * (e.g. no slowed variant of a long clip, to keep CI's time budget).
 */
export function pickVariants(
  seed: number,
  clips: readonly string[],
  allowed: (clip: string) => readonly VariantKind[] = () => VARIANT_KINDS,
): Map<string, VariantKind> {
  const next = generator(seed);
  return new Map(
    clips.map((clip) => {
      const kinds = allowed(clip);
      return [clip, kinds[Math.floor(next() * kinds.length)]!];
    }),
  );
}
