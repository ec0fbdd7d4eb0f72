/**
 * Cosine similarity of two face embeddings (1 = same direction). Only faces at least
 * MIN_EMBEDDED_FACE_PX wide carry an embedding: below that, different people scored as close
 * as one person does (see person-analysis.ts), and no threshold could tell them apart.
 */
export function cosineSimilarity(a: readonly number[], b: readonly number[]): number {
  if (a.length !== b.length || a.length === 0) {
    throw new Error(`embeddings differ in length: ${a.length} and ${b.length}`);
  }
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    const y = b[i]!;
    dot += x * y;
    na += x * x;
    nb += y * y;
  }
  return na > 0 && nb > 0 ? dot / Math.sqrt(na * nb) : 0;
}
