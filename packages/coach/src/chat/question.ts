import type { Phase, Topic } from '../movements/types';
import type { ChatMessage } from './context';
import { telling, topicsIn } from './topics';

export type Intent =
  | 'greeting'
  | 'thanks'
  | 'help'
  | 'fix-first'
  | 'moment'
  | 'count'
  | 'compare'
  | 'measure'
  | 'why'
  | 'who'
  | 'drills'
  | 'notes'
  | 'overview'
  | 'unknown';

/** Which repetition or key moment: a number, or the last one. */
type Ordinal = number | 'last';

/**
 * What of this clip a question may name: the moments of its athletes' movements, the moments
 * of other movements (to say this clip has no such moment), its athletes, its metrics' names.
 */
export type ClipWords = {
  phases: Phase[];
  otherPhases: Phase[];
  athletes: { index: number; name: string }[];
  /** The clip's metric names and fault titles. */
  measures: string[];
};

const NO_CLIP_WORDS: ClipWords = { phases: [], otherPhases: [], athletes: [], measures: [] };

export type Question = {
  intent: Intent;
  /** Seconds, when the question names a moment ("at 0:12", "around 12 s"). */
  time?: number;
  /** Repetitions or moments named ("the first", "rep 2", "the last one"), in the order written. */
  ordinals: Ordinal[];
  /** A shirt number asked about ("number 7", "#7"). */
  jersey?: string;
  subject?: 'repetitions' | 'people';
  /** Coaching topics named ("posture", "tempo"), in TOPIC_WORDS order. */
  topics: Topic[];
  /** The event of this clip's movement the question names ("at impact" → "impact"). */
  phase?: string;
  /** A moment only another movement has ("at impact" about a run): its label. */
  foreignPhase?: string;
  /** The athlete asked about (their reading's index), by number or by name. */
  athlete?: number;
  /** The question's words that may name a metric, stemmed; the named moment's words left out. */
  words: string[];
  /** Asks for a verdict ("is it OK?") rather than a description ("how is it?"). */
  yesNo: boolean;
};

/**
 * Lower case, accents and punctuation gone, contractions opened; ":" and "." kept only inside
 * numbers (0:12, 1.5) and "#" before one.
 */
export function normalise(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[’‘`´]/g, "'")
    .replace(/\b(what|who|how|where|it|that|there|when)'s\b/g, '$1 is')
    .replace(/n't\b/g, ' not')
    .replace(/'(re|ve|ll|d|m|s)\b/g, ' ')
    .replace(/(?<!\d)[:.]|[:.](?!\d)/g, ' ')
    .replace(/[^a-z0-9:.#\s]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

const NUMBER_WORDS: Record<string, number> = {
  zero: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
  twenty: 20,
};
const ORDINAL_WORDS: Record<string, Ordinal> = {
  first: 1,
  '1st': 1,
  opening: 1,
  second: 2,
  '2nd': 2,
  third: 3,
  '3rd': 3,
  fourth: 4,
  '4th': 4,
  fifth: 5,
  '5th': 5,
  sixth: 6,
  '6th': 6,
  seventh: 7,
  '7th': 7,
  eighth: 8,
  '8th': 8,
  ninth: 9,
  '9th': 9,
  tenth: 10,
  '10th': 10,
  last: 'last',
  final: 'last',
  latest: 'last',
};

const REPETITION_WORDS =
  /\b(reps?|repetitions?|squats?|lunges?|push ?ups?|sets?|swings?|shots?|serves?|strides?|strokes?|jumps?|jacks|attempts?)\b/;
const PEOPLE_WORDS = /\b(people|persons?|players?|athletes?|anyone|somebody|someone|names?)\b/;
const ATHLETE_WORDS = '(?:athlete|player|person|golfer|runner|shooter|lifter)';

/** Read a question, using the conversation so far for a short follow-up ("and at impact?"). */
export function readQuestion(
  question: string,
  history: ChatMessage[] = [],
  clip: ClipWords = NO_CLIP_WORDS,
): Question {
  const own = readAlone(question, clip);
  const text = normalise(question);
  if (!isFollowUp(text, own)) return own;
  const earlier = previousQuestion(question, history);
  if (!earlier) return own;
  const before = readQuestion(earlier.content, history.slice(0, earlier.index), clip);
  if (before.intent === 'unknown' || before.intent === 'greeting' || before.intent === 'thanks') {
    return own;
  }
  // The earlier intent, with what this message changes: a moment, a topic, an athlete.
  const namesMeasure = own.topics.length > 0 || own.words.some((w) => measureWords(clip).has(w));
  const merged: Question = {
    ...before,
    ordinals: own.ordinals.length ? own.ordinals : before.ordinals,
    time: own.time ?? (own.phase ? undefined : before.time),
    phase: own.phase ?? (own.time !== undefined ? undefined : before.phase),
    foreignPhase: own.foreignPhase ?? before.foreignPhase,
    jersey: own.jersey ?? before.jersey,
    subject: own.subject ?? before.subject,
    topics: namesMeasure ? own.topics : before.topics,
    words: namesMeasure ? own.words : before.words,
    athlete: own.athlete ?? before.athlete,
    yesNo: own.yesNo || before.yesNo,
  };
  if (own.time !== undefined && before.intent !== 'why') merged.intent = 'moment';
  if (own.phase && merged.intent === 'moment') merged.intent = 'measure';
  if (own.jersey) merged.intent = 'who';
  return merged;
}

function previousQuestion(question: string, history: ChatMessage[]) {
  let end = history.length;
  // The server may already have stored the question being answered.
  if (history.at(-1)?.role === 'user' && history.at(-1)?.content.trim() === question.trim()) {
    end -= 1;
  }
  for (let i = end - 1; i >= 0; i -= 1) {
    if (history[i]!.role === 'user') return { content: history[i]!.content, index: i };
  }
  return undefined;
}

function isFollowUp(text: string, own: Question): boolean {
  const opener = /^(and|also|ok and|okay and|so|then|but|what about|how about|same for|now)\b/;
  const short = text.split(' ').length <= 6;
  const refers =
    own.ordinals.length > 0 ||
    own.topics.length > 0 ||
    own.subject !== undefined ||
    own.time !== undefined ||
    own.phase !== undefined ||
    own.athlete !== undefined ||
    own.jersey !== undefined ||
    /\b(it|that one|this one|that|the other)\b/.test(text);
  if (own.intent === 'unknown') return refers || opener.test(text);
  // A question that names its own intent clearly stands alone, even when short.
  return opener.test(text) && short && !STRONG.has(own.intent);
}

// Intents a short "and …" message can still ask outright ("and who is number 9?").
const STRONG = new Set<Intent>(['who', 'drills', 'notes', 'compare', 'help']);

const measureWordCache = new WeakMap<ClipWords, Set<string>>();
/** The telling words of the clip's metric names and fault titles. */
function measureWords(clip: ClipWords): Set<string> {
  let words = measureWordCache.get(clip);
  if (!words) {
    words = new Set(clip.measures.flatMap(telling));
    measureWordCache.set(clip, words);
  }
  return words;
}

/** The first of `phases` whose words the question uses. */
function phaseIn(question: string, text: string, phases: Phase[]) {
  return phases
    .map((phase) => ({ phase }))
    .find(
      ({ phase }) => once(phase.words).test(question.toLowerCase()) || once(phase.words).test(text),
    );
}

const once = (words: RegExp) => new RegExp(words.source, words.flags.replace(/[gy]/g, ''));

/**
 * The question without the words naming the moment, which name no measure: "how is my depth
 * at the bottom?" asks about depth (and every squat record is "at the bottom"). The phrase
 * "at/during/… the moment" goes; without one, every word of the moment goes.
 */
function withoutMoment(text: string, words: RegExp): string {
  const all = new RegExp(words.source, `${once(words).flags}g`);
  const phrases = [...text.matchAll(all)].filter((m) => MOMENT_LEAD.test(text.slice(0, m.index)));
  if (!phrases.length) return text.replace(all, ' ');
  let rest = text;
  for (const m of phrases.reverse()) {
    const before = rest.slice(0, m.index).replace(MOMENT_LEAD, ' ');
    rest = `${before}${rest.slice(m.index + m[0].length)}`;
  }
  return rest;
}

const MOMENT_LEAD =
  /\b(at|in|on|during|around|by|when|through|into|before|after|of)( (the|my|his|her|a|each|every))?\s*$/;

/** The athlete a question names: "athlete 2", "the second player", a name, a shirt colour. */
function athleteIn(text: string, athletes: ClipWords['athletes']): number | undefined {
  const numbered = new RegExp(`\\b${ATHLETE_WORDS}\\s*(?:#|no\\s*|number\\s*)?(\\d{1,2})\\b`).exec(
    text,
  );
  if (numbered) return Number(numbered[1]);
  const ordinal = new RegExp(`\\b(\\w+) ${ATHLETE_WORDS}\\b`).exec(text);
  const nth = ordinal ? ORDINAL_WORDS[ordinal[1]!] : undefined;
  if (nth !== undefined) return nth === 'last' ? athletes.at(-1)?.index : nth;
  const has = (words: string) => new RegExp(`\\b${words}\\b`).test(text);
  for (const athlete of athletes) {
    const name = normalise(athlete.name);
    const first = name.split(' ')[0]!;
    const shirt = /\((\w+) shirt\)/.exec(athlete.name.toLowerCase());
    if (has(name) || (first.length >= 3 && first !== 'athlete' && has(first))) {
      return athlete.index;
    }
    if (shirt && has(`${shirt[1]} (shirt|top|jersey)`)) return athlete.index;
  }
  return undefined;
}

/** The question on its own, without the conversation. */
function readAlone(question: string, clip: ClipWords = NO_CLIP_WORDS): Question {
  const text = normalise(question);
  const time = timeIn(text);
  const jersey = jerseyIn(text);
  const athlete = athleteIn(text, clip.athletes);
  const ordinals = ordinalsIn(text);
  const named = phaseIn(question, text, clip.phases);
  const foreign = named ? undefined : phaseIn(question, text, clip.otherPhases);
  const moment = named ?? foreign;
  const rest = moment ? withoutMoment(text, moment.phase.words) : text;
  const topics = topicsIn(rest);
  const words = telling(rest);
  const measures = words.filter((word) => measureWords(clip).has(word));
  const subject = REPETITION_WORDS.test(text)
    ? 'repetitions'
    : PEOPLE_WORDS.test(text) && athlete === undefined
      ? 'people'
      : undefined;
  const yesNo =
    /^(is|are|was|were|am|did|do|does|should|could|can|have|has)\b/.test(text) ||
    /\b(ok|okay|alright|good enough|fine|correct|acceptable|enough|right)\b/.test(text);

  const scores = new Map<Intent, number>();
  const add = (intent: Intent, score: number) =>
    scores.set(intent, (scores.get(intent) ?? 0) + score);
  const has = (pattern: RegExp) => pattern.test(text);
  const count = text.split(' ').filter(Boolean).length;

  if (has(/^(hi|hello|hey|hiya|howdy|yo|good (morning|afternoon|evening)|greetings)\b/)) {
    add('greeting', count <= 4 ? 3 : 1);
  }
  if (has(/\b(thanks?|thank you|thx|ty|cheers|appreciate\w*|great answer|perfect|awesome)\b/)) {
    add('thanks', count <= 6 ? 3 : 1);
  }
  if (
    has(
      /\b(help|what can you (do|answer|tell)|what (do|can|should) i ask|what do you know|how does this work|commands?)\b/,
    )
  ) {
    add('help', 2.5);
  }

  if (
    has(
      /\b(work on|fix\w*|improv\w*|wrong|mistakes?|errors?|problems?|issues?|faults?|weak\w*|priorit\w*|focus on|biggest|main thing|corrections?|get better|do better)\b/,
    )
  ) {
    add('fix-first', 2);
  }
  if (has(/\b(what should i|where should i|what do i need to|first thing|most important)\b/)) {
    add('fix-first', 1);
  }

  if (time !== undefined) add('moment', 3);
  if (has(/\bwhat (is )?(happen\w*|going on)|\bwhat did (i|you) (do|see)\b|\bshow me\b/)) {
    add('moment', time !== undefined ? 1 : 0.5);
  }

  if (has(/\b(how many|how much|count\w*|number of|total)\b/)) {
    add(subject === 'people' ? 'who' : 'count', 2);
    if (subject === 'repetitions') add('count', 1);
  }
  if (has(/\bdid i (do|make|complete|manage|take|hit)\b/) && subject === 'repetitions') {
    add('count', 1);
  }

  if (has(/\bcompar\w*|\b(vs|versus|difference between)\b/)) add('compare', 3);
  if (has(/\bfirst\b.*\b(last|final)\b|\b(last|final)\b.*\bfirst\b/)) add('compare', 3);
  if (has(/\b(fatigu\w*|tired|tiring|get(ting)? (worse|better)|change\w* over|over the set)\b/)) {
    add('compare', 2);
  }

  const namesMeasure = topics.length > 0 || measures.length > 0;
  if (namesMeasure) {
    add('measure', measures.length ? 2 : 1.5);
    if (
      yesNo ||
      has(
        /\b(how (deep|low|far|much|fast|straight|upright|even|long|high|quick)|(what|how) (is|was|are|were) (my|the|his|her|their|it))\b/,
      )
    ) {
      add('measure', 1.5);
    }
  }
  // A moment of the movement named: what was measured there.
  if (named || foreign) add('measure', 2.5);
  if (has(/^why\b|\bwhy (was|is|did|do|were|are)\b|\bhow come\b|\bwhat caused\b|\bexplain\b/)) {
    add('why', namesMeasure || named || time !== undefined ? 4 : 1.5);
  }

  if (has(/\bwho\b/)) add('who', 2.5);
  if (jersey) add('who', 2);
  if (has(/\b(identif\w*|recogni\w*|roster|teammates?)\b/)) add('who', 2);
  if (subject === 'people' && has(/\b(in|on) (the |this )?(video|clip|frame|footage)\b/)) {
    add('who', 1);
  }

  if (has(/\b(drills?|exercises?|practi[cs]e|training|workouts?|homework|routine)\b/)) {
    add('drills', 6);
  }

  if (has(/\b(notes?|annotations?|comments?|remarks?)\b/)) add('notes', 3);
  if (has(/\b(coach|coaches|teammates?) (say|said|write|wrote|think|thought|mention\w*)\b/)) {
    add('notes', 2);
  }
  if (has(/\b(summar\w*|recap|overview|tl ?dr)\b/))
    add(scores.has('notes') ? 'notes' : 'overview', 1.5);
  if (
    has(
      /\bhow did i do\b|\bhow (was|did) (it|that|i)\b|\bhow (is|was|are|were) my (set|session|workout|clip|video|form|technique|swing|shot|serve|run|stride|squats?|reps|jumps?|movement)\b|\boverall\b|\bverdict\b|\bfeedback\b|\bdo (i do |did )?well\b|\bgood at\b|\bstrengths?\b|\bwhat (movement|sport|exercise) (is|was)\b/,
    )
  ) {
    add('overview', 2);
  }

  let intent: Intent = 'unknown';
  let best = 0;
  for (const candidate of PRECEDENCE) {
    const score = scores.get(candidate) ?? 0;
    if (score > best) {
      intent = candidate;
      best = score;
    }
  }
  if (best < 1.5) intent = 'unknown';
  return {
    intent,
    time,
    ordinals,
    jersey,
    subject,
    topics,
    phase: named?.phase.event,
    foreignPhase: foreign?.phase.label,
    athlete,
    words,
    yesNo,
  };
}

// On equal scores the earlier intent wins: the more specific question.
const PRECEDENCE: Intent[] = [
  'why',
  'compare',
  'moment',
  'drills',
  'who',
  'notes',
  'count',
  'measure',
  'fix-first',
  'overview',
  'help',
  'thanks',
  'greeting',
];

/** A moment named in the question, in seconds. */
export function timeIn(text: string): number | undefined {
  const clock = /\b(\d{1,3}):([0-5]\d)(?:\.(\d+))?\b/.exec(text);
  if (clock) return Number(clock[1]) * 60 + Number(`${clock[2]}.${clock[3] ?? 0}`);
  const minutesSeconds =
    /\b(\d+)\s*(?:m|min|mins|minutes?)\s*(?:and\s*)?(\d+(?:\.\d+)?)\s*(?:s|secs?|seconds?)?\b/.exec(
      text,
    );
  if (minutesSeconds) return Number(minutesSeconds[1]) * 60 + Number(minutesSeconds[2]);
  const secondsOnly = /\b(\d+(?:\.\d+)?)\s*(?:s|secs?|seconds?)\b/.exec(text);
  if (secondsOnly) return Number(secondsOnly[1]);
  const secondWord = /\b(?:second|sec)\s+(\d+(?:\.\d+)?)\b/.exec(text);
  if (secondWord) return Number(secondWord[1]);
  const minutes = /\b(\d+)\s*(?:min|mins|minutes?)\b/.exec(text);
  if (minutes) return Number(minutes[1]) * 60;
  // "what happened at 12": a bare number after at/around, when nothing else claims it.
  const bare = /\b(?:at|around|near|about|by)\s+(\d+(?:\.\d+)?)\b/.exec(text);
  if (
    bare &&
    /\b(happen\w*|going on|doing|see|look\w*)\b/.test(text) &&
    !REPETITION_WORDS.test(text)
  ) {
    return Number(bare[1]);
  }
  return undefined;
}

function jerseyIn(text: string): string | undefined {
  const withWords = text.replace(
    /\b(number|no|jersey|shirt|bib|wearing)\s+([a-z]+)\b/g,
    (match, word: string, value: string) =>
      value in NUMBER_WORDS ? `${word} ${NUMBER_WORDS[value]}` : match,
  );
  const found = /(?:\b(?:number|no|jersey|shirt|bib|wearing)\s*#?\s*|#\s*)(\d{1,3})\b/.exec(
    withWords,
  );
  if (!found) return undefined;
  // "number 2 rep" is a rep, not a shirt.
  const after = withWords.slice(found.index + found[0].length);
  if (/^\s*(reps?|squats?|jumps?|swings?|shots?|serves?)\b/.test(after)) return undefined;
  if (
    /\b(rep|repetition|squat|jump|set|swing|shot|serve|stride|attempt)\s*$/.test(
      withWords.slice(0, found.index),
    )
  ) {
    return undefined;
  }
  return String(Number(found[1]));
}

function ordinalsIn(text: string): Ordinal[] {
  const found: { at: number; ordinal: Ordinal }[] = [];
  for (const match of text.matchAll(/\b(\w+)\b/g)) {
    const ordinal = ORDINAL_WORDS[match[1]!];
    // "second" as a unit of time is not an ordinal: "12 second", "a second", "second 12".
    if (ordinal === 2 && match[1] === 'second') {
      const around = text.slice(Math.max(0, match.index - 8), match.index + 12);
      if (/\d\s*second|\ba second|second\s+\d/.test(around)) continue;
    }
    // "the second athlete" names an athlete, not a repetition.
    const next = text.slice(match.index + match[0].length);
    if (new RegExp(`^ ${ATHLETE_WORDS}`).test(next)) continue;
    if (ordinal !== undefined) found.push({ at: match.index, ordinal });
  }
  for (const match of text.matchAll(
    /\b(?:rep|repetition|squat|jump|attempt|swing|shot|serve|stride)\s*(?:#|no\s*|number\s*)?(\d{1,3})\b/g,
  )) {
    found.push({ at: match.index, ordinal: Number(match[1]) });
  }
  return found.sort((a, b) => a.at - b.at).map((f) => f.ordinal);
}
