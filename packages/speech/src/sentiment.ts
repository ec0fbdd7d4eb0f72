// The package ships no types; the reference lets every importer of @filmroom/speech see ours.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./vader-sentiment.d.ts" />
import { createRequire } from 'node:module';
import type vaderModule from 'vader-sentiment';

const require = createRequire(import.meta.url);
let analyzer: (typeof vaderModule)['SentimentIntensityAnalyzer'] | undefined;
/**
 * VADER, loaded at the first comment read rather than at start: its lexicon is about 1 MiB of
 * heap that an idle process (a worker, an API nobody has annotated on yet) need not hold
 * (issue 33). Required, not imported, so `sentimentOf` stays synchronous.
 */
const vader = () =>
  (analyzer ??= (require('vader-sentiment') as typeof vaderModule).SentimentIntensityAnalyzer);

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
  // Early is late's twin: a movement made before its time ("impatient" is -1.2). Only after
  // a verb it describes or with "too", so "get there early" and "early in the set" stay times.
  { words: /\btoo (?:early|soon)\b/gi, readAs: 'too impatient' },
  {
    words: /(?<=\b[a-z]+(?:ing|ed|s) (?:\w+ )?)early\b(?![\s-]+(?:in|on|season|days?)\b)/gi,
    readAs: 'impatient',
  },
  {
    words: /\brush(?:ed|ing)\b(?= (?:the|your|it|this|that|through|into)\b)/gi,
    readAs: 'impatient',
  },
];

/**
 * Words VADER's lexicon counts as praise that in a coaching comment are manners or tags: "please
 * keep your chest up" is a request, "…, ok?" a check that it landed. "That's fine" and "OK
 * effort" stay praise: only a tag set off by a comma (or the end) is dropped.
 */
const COURTESIES: readonly RegExp[] = [
  /\bplease\b/gi,
  /(?:^|,)\s*(?:ok|okay|alright|all right|yeah|fine)\s*(?=[,.?!]|$)/gim,
];

/**
 * Verbs a coaching cue starts with: the clause says what to do, and its words describe the aim,
 * not how it went ("relax your grip", "stay strong through the finish" are not praise).
 */
const CUE_VERB =
  /^(?:(?:now|just|then|and|but|so)\s+)*(?:keep|stay|relax|hold|let|try|finish|stand|sit|drive|push|pull|make|get|find|land|breathe|focus|lead|brace|squeeze|lock|reach)\b/i;
/** "Keep it up", "keep going": a cue to go on as now is encouragement, and VADER may read it so. */
const ENCOURAGEMENT = /^(?:just\s+)?keep\s+(?:it\s+up|up|going|doing|that)\b/i;

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
  const judged = withoutCueAims(inCoachingTerms(withoutCourtesies(text)));
  // Nothing left but instructions and manners: a plain instruction.
  if (!/\p{L}/u.test(judged)) return { label: 'neutral', confidence: 1 };
  const scores = vader().polarity_scores(judged);
  if (scores.compound >= POSITIVE_FROM) return { label: 'positive', confidence: scores.compound };
  if (scores.compound <= NEGATIVE_FROM) return { label: 'negative', confidence: -scores.compound };
  return { label: 'neutral', confidence: scores.neu };
}

function withoutCourtesies(text: string): string {
  return COURTESIES.reduce((rest, words) => rest.replace(words, ''), text);
}

/**
 * Leaves out the cue clauses that VADER would read as praise. A cue that criticises ("stop
 * leaning back") stays: it says what went wrong.
 */
function withoutCueAims(text: string): string {
  return text
    .split(/(?<=[,.;:!?—–])\s*/)
    .filter((clause) => {
      const words = clause.trim();
      if (!CUE_VERB.test(words) || ENCOURAGEMENT.test(words)) return true;
      return vader().polarity_scores(words).compound <= 0;
    })
    .join(' ');
}

function inCoachingTerms(text: string): string {
  return COACHING_FAULTS.reduce(
    (rewritten, { words, readAs }) =>
      rewritten.replace(words, (found) => (isShouted(found) ? readAs.toUpperCase() : readAs)),
    text,
  );
}

const isShouted = (words: string) => words === words.toUpperCase() && words !== words.toLowerCase();
