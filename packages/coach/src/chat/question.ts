import type { ChatMessage } from './context';

export type Intent =
  | 'greeting'
  | 'thanks'
  | 'help'
  | 'fix-first'
  | 'moment'
  | 'count'
  | 'compare'
  | 'check'
  | 'why'
  | 'repetition'
  | 'who'
  | 'drills'
  | 'notes'
  | 'overview'
  | 'unknown';

/** What the chat asks about, beyond the intent: a body area or measure. */
export type Topic =
  | 'depth'
  | 'trunk'
  | 'symmetry'
  | 'tempo'
  | 'landing'
  | 'arms'
  | 'hold'
  | 'stance'
  | 'speed'
  | 'height';

/** Which rep or jump: a number, or the last one. */
export type Ordinal = number | 'last';

export type Question = {
  intent: Intent;
  /** Seconds, when the question names a moment ("at 0:12", "around 12 s"). */
  time?: number;
  /** Reps or jumps named ("the first", "rep 2", "the last one"), in the order written. */
  ordinals: Ordinal[];
  /** A shirt number asked about ("number 7", "#7"). */
  jersey?: string;
  subject?: 'reps' | 'jumps' | 'people';
  topic?: Topic;
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
    .replace(/'(re|ve|ll|d|m)\b/g, ' ')
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

const REP_WORDS = /\b(reps?|repetitions?|squats?|lunges?|sets?)\b/;
const JUMP_WORDS = /\b(jumps?|jumping|hops?|leaps?|landings?)\b/;
const PEOPLE_WORDS = /\b(people|persons?|players?|athletes?|anyone|somebody|someone|names?)\b/;

const TOPICS: [Topic, RegExp][] = [
  ['landing', /\b(landings?|land|landed|absorb\w*)\b/],
  [
    'trunk',
    /\b(back|trunk|torso|chest|lean\w*|posture|upright|spine|hinge|bent over|forward lean)\b/,
  ],
  [
    'symmetry',
    /\b(symmetr\w*|asymmetr\w*|uneven|even knees|left and right|left right|one side|knees? (differ\w*|cav\w*)|hip shift)\b/,
  ],
  ['tempo', /\b(tempo|pace|rhythm|cadence|timing|consistent|consistency|speed of (my )?reps)\b/],
  ['arms', /\b(arms?|elbows?|extension|extend\w*|reach\w*|overhead)\b/],
  [
    'hold',
    /\b(hold|holding|balance|steady|stillness|stand(ing)? still|sway\w*|wobbl\w*|stable|stability)\b/,
  ],
  ['stance', /\b(stance|feet|foot|width|wide|narrow)\b/],
  ['depth', /\b(knees?|knee angles?|depth|deep|deeper|low enough|parallel|squat depth|bottom)\b/],
  ['height', /\b(high|higher|height|hip rise|air ?time|hang ?time|in the air|vertical)\b/],
  ['speed', /\b(speed|fast|faster|quick\w*|slow|slower|explosive\w*|velocity)\b/],
];

/** Read a question, using the conversation so far for a short follow-up ("and the last one?"). */
export function readQuestion(question: string, history: ChatMessage[] = []): Question {
  const text = normalise(question);
  const own = readAlone(text);
  if (!isFollowUp(text, own)) return own;
  const earlier = previousQuestion(question, history);
  if (!earlier) return own;
  const before = readQuestion(earlier.content, history.slice(0, earlier.index));
  if (before.intent === 'unknown' || before.intent === 'greeting' || before.intent === 'thanks') {
    return own;
  }
  // The earlier intent, with what this message changes: a rep, a subject, a topic, a moment.
  const merged: Question = {
    ...before,
    ordinals: own.ordinals.length ? own.ordinals : before.ordinals,
    time: own.time ?? before.time,
    jersey: own.jersey ?? before.jersey,
    subject: own.subject ?? before.subject,
    topic: own.topic ?? before.topic,
  };
  if (own.time !== undefined && before.intent !== 'why') merged.intent = 'moment';
  // "How many reps?" then "and the last one?": the last rep, not a count.
  if (before.intent === 'count' && own.ordinals.length) merged.intent = 'repetition';
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
    own.topic !== undefined ||
    own.subject !== undefined ||
    own.time !== undefined ||
    own.jersey !== undefined ||
    /\b(it|that one|this one|that|the other)\b/.test(text);
  if (own.intent === 'unknown') return refers || opener.test(text);
  // A question that names its own intent clearly stands alone, even when short.
  return opener.test(text) && short && !STRONG.has(own.intent);
}

// Intents a short "and …" message can still ask outright ("and who is number 9?").
const STRONG = new Set<Intent>(['who', 'drills', 'notes', 'compare', 'help']);

/** The question on its own, without the conversation. */
export function readAlone(text: string): Question {
  const time = timeIn(text);
  const jersey = jerseyIn(text);
  const ordinals = ordinalsIn(text);
  const subject = JUMP_WORDS.test(text)
    ? 'jumps'
    : REP_WORDS.test(text)
      ? 'reps'
      : PEOPLE_WORDS.test(text)
        ? 'people'
        : undefined;
  const topic = topicIn(text);
  const features = { time, jersey, ordinals, subject, topic } as const;

  const scores = new Map<Intent, number>();
  const add = (intent: Intent, score: number) =>
    scores.set(intent, (scores.get(intent) ?? 0) + score);
  const has = (pattern: RegExp) => pattern.test(text);
  const words = text.split(' ').filter(Boolean).length;

  if (has(/^(hi|hello|hey|hiya|howdy|yo|good (morning|afternoon|evening)|greetings)\b/)) {
    add('greeting', words <= 4 ? 3 : 1);
  }
  if (has(/\b(thanks?|thank you|thx|ty|cheers|appreciate\w*|great answer|perfect|awesome)\b/)) {
    add('thanks', words <= 6 ? 3 : 1);
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
    if (subject === 'reps' || subject === 'jumps') add('count', 1);
  }
  if (has(/\bdid i (do|make|complete|manage)\b/) && (subject === 'reps' || subject === 'jumps')) {
    add('count', 1);
  }

  if (has(/\bcompar\w*|\b(vs|versus|difference between)\b/)) add('compare', 3);
  if (has(/\bfirst\b.*\b(last|final)\b|\b(last|final)\b.*\bfirst\b/)) add('compare', 3);
  if (ordinals.length >= 2 && has(/\b(and|or|with|to)\b/)) add('compare', 1);
  if (has(/\b(fatigu\w*|tired|tiring|get(ting)? (worse|better)|change\w* over|over the set)\b/)) {
    add('compare', 2);
  }

  if (topic) {
    add('check', 1.5);
    if (
      has(
        /\b(ok|okay|alright|good|fine|right|correct|enough|bad|safe|normal|proper|too|acceptable|how (deep|low|far|much|fast|straight|upright|even)|(is|was|are|were|what is|what was|how is|how was|how are|how were|check) (my|the|it))\b/,
      )
    ) {
      add('check', 1.5);
    }
  }
  if (has(/^why\b|\bwhy (was|is|did|do|were|are)\b|\bhow come\b|\bwhat caused\b|\bexplain\b/)) {
    add('why', topic || time !== undefined ? 4 : 1.5);
  }

  if (ordinals.length && (subject === 'reps' || subject === 'jumps' || has(/\bone\b/))) {
    add('repetition', 2);
  }
  if (has(/\b(rep|repetition|squat|jump)\s*(#|no\s*|number\s*)?\d+\b/)) add('repetition', 1);

  if (has(/\bwho\b/)) add('who', 2.5);
  if (jersey) add('who', 2);
  if (has(/\b(identif\w*|recogni\w*|roster|teammates?)\b/)) add('who', 2);
  if (subject === 'people' && has(/\b(in|on) (the |this )?(video|clip|frame|footage)\b/)) {
    add('who', 1);
  }

  if (has(/\b(drills?|exercises?|practi[cs]e|training|workouts?|homework|routine)\b/)) {
    add('drills', 3);
  }

  if (has(/\b(notes?|annotations?|comments?|remarks?)\b/)) add('notes', 3);
  if (has(/\b(coach|coaches|teammates?) (say|said|write|wrote|think|thought|mention\w*)\b/)) {
    add('notes', 2);
  }
  if (has(/\b(summar\w*|recap|overview|tl ?dr)\b/))
    add(scores.has('notes') ? 'notes' : 'overview', 1.5);
  if (
    has(
      /\bhow did i do\b|\bhow (was|did) (it|that|i|my (set|session|workout|clip|video|form|technique))\b|\boverall\b|\bverdict\b|\bfeedback\b|\bdo (i do |did )?well\b|\bgood at\b|\bstrengths?\b|\bhow is my (form|technique)\b/,
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
  // "Knee angle on the first rep?": a measure of one rep is a check narrowed to that rep.
  if (intent === 'repetition' && topic) intent = 'check';
  return { intent, ...features, ordinals: [...features.ordinals] };
}

// On equal scores the earlier intent wins: the more specific question.
const PRECEDENCE: Intent[] = [
  'why',
  'compare',
  'moment',
  'who',
  'drills',
  'notes',
  'count',
  'repetition',
  'check',
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
  if (bare && /\b(happen\w*|going on|doing|see|look\w*)\b/.test(text) && !REP_WORDS.test(text)) {
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
  if (/^\s*(reps?|squats?|jumps?)\b/.test(after)) return undefined;
  if (/\b(rep|repetition|squat|jump|set)\s*$/.test(withWords.slice(0, found.index))) {
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
    if (ordinal !== undefined) found.push({ at: match.index, ordinal });
  }
  for (const match of text.matchAll(
    /\b(?:rep|repetition|squat|jump|attempt)\s*(?:#|no\s*|number\s*)?(\d{1,3})\b/g,
  )) {
    found.push({ at: match.index, ordinal: Number(match[1]) });
  }
  return found.sort((a, b) => a.at - b.at).map((f) => f.ordinal);
}

function topicIn(text: string): Topic | undefined {
  // "knee angle" names depth unless the question is about landings or uneven knees.
  return TOPICS.find(([, pattern]) => pattern.test(text))?.[0];
}
