// The package ships no types; the reference lets every importer of @filmroom/speech see ours.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./vader-sentiment.d.ts" />
import vader from 'vader-sentiment';

export type SentimentLabel = 'positive' | 'negative' | 'neutral';

export type Sentiment = {
  label: SentimentLabel;
  /** How sure the label is, 0-1. */
  confidence: number;
};

// The thresholds VADER's authors recommend for the compound score.
const POSITIVE_FROM = 0.05;
const NEGATIVE_FROM = -0.05;

/**
 * Coaching faults VADER's general-purpose lexicon does not know, each read as a word it does
 * know with the same meaning and strength. Rewriting the words (rather than adjusting the score
 * afterwards) keeps VADER's own rules working on them: "you weren't late" is negated, "WAY TOO
 * SLOW" is emphasised, "late but good recovery" weighs the part after "but".
 * Only unambiguous faults belong here: "slow" alone is an instruction ("slow the descent") and
 * "late in the game" is a time, so neither is listed.
 */
const COACHING_FAULTS: readonly { words: RegExp; readAs: string }[] = [
  // "sluggish" is -1.7 in VADER's lexicon.
  { words: /\btoo slow\b/gi, readAs: 'too sluggish' },
  {
    words: /\blate\b(?![\s-]+(?:in|game|season|half|period|quarter|innings?)\b)/gi,
    readAs: 'sluggish',
  },
  // "careless" is -1.5.
  { words: /\bsloppy\b/gi, readAs: 'careless' },
];

/**
 * The sentiment of a coaching comment, with VADER (rule-based, no model to load, under a
 * millisecond a sentence).
 *
 * Confidence: for positive and negative, |compound| — VADER's normalised strength, which rises
 * with stronger words, boosters and "!" (so "Great footwork!" is surer than "good"). For neutral,
 * the neutral proportion of the text: a plain instruction with no sentiment words is 1, a
 * comment whose praise and criticism cancel out is much less.
 */
export function sentimentOf(text: string): Sentiment {
  if (!text.trim()) return { label: 'neutral', confidence: 1 };
  const scores = vader.SentimentIntensityAnalyzer.polarity_scores(inCoachingTerms(text));
  if (scores.compound >= POSITIVE_FROM) return { label: 'positive', confidence: scores.compound };
  if (scores.compound <= NEGATIVE_FROM) return { label: 'negative', confidence: -scores.compound };
  return { label: 'neutral', confidence: scores.neu };
}

function inCoachingTerms(text: string): string {
  return COACHING_FAULTS.reduce(
    (rewritten, { words, readAs }) =>
      rewritten.replace(words, (found) => (isShouted(found) ? readAs.toUpperCase() : readAs)),
    text,
  );
}

const isShouted = (words: string) => words === words.toUpperCase() && words !== words.toLowerCase();
