import { describe, expect, it } from 'vitest';
import { formatSentiment, SENTIMENT_COLOURS, sentimentTone } from './sentiment';

describe('sentimentTone', () => {
  it('follows the label, grey without text, yellow for a label it does not know', () => {
    expect(sentimentTone({ label: 'positive' })).toBe('positive');
    expect(sentimentTone({ label: 'negative' })).toBe('negative');
    expect(sentimentTone({ label: 'neutral' })).toBe('neutral');
    expect(sentimentTone(null)).toBe('none');
    expect(sentimentTone({ label: 'mixed' as 'neutral' })).toBe('neutral');
  });

  it('gives each tone its own colour', () => {
    expect(new Set(Object.values(SENTIMENT_COLOURS)).size).toBe(4);
  });
});

describe('formatSentiment', () => {
  it.each([
    [{ label: 'positive', confidence: 0.8712 }, 'Positive 87%'],
    [{ label: 'negative', confidence: 0.005 }, 'Negative 1%'],
    [{ label: 'neutral', confidence: 1 }, 'Neutral 100%'],
    [{ label: 'neutral', confidence: 0 }, 'Neutral 0%'],
  ] as const)('%o reads %s', (sentiment, text) => {
    expect(formatSentiment(sentiment)).toBe(text);
  });
});
