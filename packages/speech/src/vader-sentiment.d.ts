// vader-sentiment 1.1.x ships no types; this is the part FilmRoom uses.
declare module 'vader-sentiment' {
  /** VADER's scores: the proportions of the text that read negative, neutral and positive (summing
   *  to about 1), and the normalised overall valence in [-1, 1]. */
  export type PolarityScores = { neg: number; neu: number; pos: number; compound: number };

  export const SentimentIntensityAnalyzer: {
    polarity_scores(text: string): PolarityScores;
  };

  const vader: { SentimentIntensityAnalyzer: typeof SentimentIntensityAnalyzer };
  export default vader;
}
