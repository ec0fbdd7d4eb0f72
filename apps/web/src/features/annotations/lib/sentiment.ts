import type { Sentiment } from '@filmroom/contract';

/** How a marker is coloured: by the text's sentiment, or `none` for a note without words. */
export type SentimentTone = 'positive' | 'negative' | 'neutral' | 'none';

/**
 * Spec §2: green positive, red negative, yellow neutral or other, grey none. Plain colours
 * rather than theme tokens: they sit on the video picture, which looks the same in both themes.
 */
export const SENTIMENT_COLOURS: Record<SentimentTone, string> = {
  positive: '#22c55e',
  negative: '#ef4444',
  neutral: '#facc15',
  none: '#9ca3af',
};

/** The marker icon's colour on each fill (dark on yellow, which white would not stand out on). */
export const SENTIMENT_INK: Record<SentimentTone, string> = {
  positive: '#ffffff',
  negative: '#ffffff',
  neutral: '#422006',
  none: '#ffffff',
};

export function sentimentTone(sentiment: Pick<Sentiment, 'label'> | null): SentimentTone {
  if (!sentiment) return 'none';
  if (sentiment.label === 'positive' || sentiment.label === 'negative') return sentiment.label;
  // Spec: "yellow neutral or other": a label this app does not know yet reads as neutral.
  return 'neutral';
}

/** Spec §9: the confidence as a rounded percentage, after the label: "Positive 87%". */
export function formatSentiment(sentiment: Sentiment): string {
  const label = sentiment.label.charAt(0).toUpperCase() + sentiment.label.slice(1);
  return `${label} ${Math.round(sentiment.confidence * 100)}%`;
}
