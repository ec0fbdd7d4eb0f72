import { MOVEMENTS, type MovementId } from '@filmroom/contract';
import { CATALOGUE } from './catalogue';
import type { Topic } from './types';

/**
 * What a coach can ask of Regenerate in plain words, read without a language model: the
 * movement ("this is a golf swing"), topics to focus on or leave out ("don't talk about
 * depth"), a time range, the athlete's level and the tone. The write-up says back what the
 * reading actually did, so anything not understood is visibly not applied.
 */
export type CoachInstructions = {
  movement: MovementId | null;
  /** Movements the coach said the clip is not ("not a squat"): never chosen from the words. */
  notMovements: MovementId[];
  focus: Topic[];
  /** "only", "just": the focus is exclusive, every other topic is left out of the reading. */
  only: boolean;
  exclude: Topic[];
  /** Seconds; only moments inside the window are pointed at. */
  window: { from: number; to: number } | null;
  level: 'beginner' | 'standard' | 'advanced';
  tone: 'standard' | 'encouraging' | 'direct';
};

/**
 * The words that name each topic, body parts with their synonyms: "shoulders" and "wrists"
 * are the arms, "hips" and "ankles" the legs, "back" and "spine" the posture. Used on the
 * coach's words and on the names of measures (so "Knee angle at the bottom" is about the
 * legs as well as about depth).
 */
const TOPIC_WORDS: Record<Topic, RegExp> = {
  depth: /\b(depth|deep|deeper|deepest|parallel|how low|squat depth)\b/i,
  posture:
    /\b(back|chest|trunk|torso|posture|lean|leans|leaning|spine|spinal|hinge|upright|forward bend)\b/i,
  symmetry: /\b(symmetr\w*|asymmetr\w*|uneven|left and right|left\/right|one side)\b/i,
  tempo: /\b(tempo|pace|timing)\b/i,
  arms: /\b(arms?|shoulders?|elbows?|wrists?|hands?|forearms?|overhead)\b/i,
  legs: /\b(knees?|legs?|hips?|ankles?|feet|foot|thighs?|shins?|heels?|toes?|calf|calves|stance|hip turn)\b/i,
  balance: /\b(balance|holds?|holding|stillness|steady|steadiness|stabil\w*|wobbl\w*|sway\w*)\b/i,
  head: /\b(head|eyes?|chin|neck|gaze)\b/i,
  jumping: /\b(jump\w*|hops?|landings?|take-?offs?|air time|explosive\w*)\b/i,
  speed: /\b(speed|fast\w*|acceleration|velocity|quick\w*)\b/i,
  rhythm: /\b(rhythm|cadence|stride|strides|steps?)\b/i,
};

// Names a coach gives each movement, each from its catalogue entry, in precedence order.
const MOVEMENT_WORDS: [MovementId, RegExp][] = CATALOGUE.flatMap((module) =>
  module.namedBy ? [{ id: module.id, ...module.namedBy }] : [],
)
  .sort((a, b) => a.precedence - b.precedence)
  .map(({ id, words }) => [id, words]);

// Where a negation's reach ends: "no knees, focus on the arms" rules out only the knees.
const CLAUSE_END =
  /(?<!\d)[.;!?](?!\d)|,|\bbut\b|\b(?:and|then|instead)\s+(?=(?:focus|only|just|look|talk|concentrate|work|coach|tell|comment|check|point)\b)/i;

// Words that rule out what follows them in their clause.
const NEGATION =
  /\b(?:do not|does not|dont|doesnt|never|no|not|nothing (?:about|on|of)|without|ignore|ignoring|skip|skipping|leave out|leaving out|leave (?=.*\bout\b)|stop|drop|forget(?: about)?|except|apart from|other than|rather than|instead of|no need to)\b/i;

// "focus on not leaning", "try not to lean": a cue about a topic, not a wish to leave it out.
const CUE_NOT =
  /\b(?:on|to|try)\s+not\b(?!\s+(?:to\s+)?(?:talk|mention|comment|say|tell|discuss|bring|worry|focus|cover|look|go)\b)/gi;

// "just the landing", "only the arms", "nothing else": the focus is the whole reading.
const ONLY = /\b(?:only|just|solely|exclusively|purely|nothing but|nothing else)\b/i;

const TIME = String.raw`(\d+(?::\d{1,2})?(?:\.\d+)?)\s*(?:s|sec|secs|seconds)?`;
// The en dash written as \u2013, which the RegExp reads as the dash: a character past Latin-1 in
// the code would make V8 hold the whole compiled chunk's source at twice the size (issue 33).
const RANGE = new RegExp(
  String.raw`(?:\bfrom|\bbetween)?\s*${TIME}\s*(?:-|\u2013|\bto\b|\band\b)\s*${TIME}`,
  'i',
);

function seconds(text: string): number {
  const [minutes, rest] = text.includes(':') ? text.split(':') : ['0', text];
  return Number(minutes) * 60 + Number(rest);
}

/** What a clause asks for (before its negation) and rules out (after it). */
type Clause = { asked: string; ruledOut: string };

function clausesOf(text: string): Clause[] {
  return text
    .split(new RegExp(CLAUSE_END.source, 'gi'))
    .filter((part): part is string => Boolean(part?.trim()))
    .map((part) => {
      // "not only the arms" and "not just" widen the focus; they rule nothing out.
      const clause = part.replace(/\bnot (only|just)\b/gi, 'also').replace(CUE_NOT, ' ');
      const negation = NEGATION.exec(clause);
      return negation
        ? { asked: clause.slice(0, negation.index), ruledOut: clause.slice(negation.index) }
        : { asked: clause, ruledOut: '' };
    });
}

/** The coach's contractions opened ("don't" → "do not"), so a negation reads one way. */
function opened(text: string): string {
  return text
    .replace(/[’‘`´]/g, "'")
    .replace(/\bwon't\b/gi, 'will not')
    .replace(/\bcan't\b/gi, 'can not')
    .replace(/n't\b/gi, ' not');
}

export function readInstructions(text: string): CoachInstructions {
  const range = RANGE.exec(text);
  const window =
    range && /\d/.test(range[1]!) && /\d/.test(range[2]!)
      ? { from: seconds(range[1]!), to: seconds(range[2]!) }
      : null;
  // The time range's numbers and "and" name no topic and end no clause.
  const words = opened(range ? text.replace(range[0], ' ') : text);
  const clauses = clausesOf(words);
  const asked = clauses.map((c) => c.asked).join(' , ');
  const ruledOut = clauses.map((c) => c.ruledOut).join(' , ');
  // "back squat" and "hip hinge" name a movement, not the back or the hips.
  const exclude = topicsNamed(withoutMovementNames(ruledOut));
  const focus = topicsNamed(withoutMovementNames(asked)).filter(
    (topic) => !exclude.includes(topic),
  );
  const only = focus.length > 0 && clauses.some((c) => ONLY.test(c.asked));
  const notMovements = movementsNamed(ruledOut).map((m) => m.id);
  const named = movementsNamed(asked).filter((m) => !notMovements.includes(m.id));
  const level = /\b(beginners?|novices?|new to|young|kids?|juniors?)\b/i.test(words)
    ? 'beginner'
    : /\b(advanced|elite|expert|experienced|senior)\b/i.test(words)
      ? 'advanced'
      : 'standard';
  const tone = /\b(encourag\w*|positive|kind|gentle|motivat\w*)\b/i.test(words)
    ? 'encouraging'
    : /\b(direct|blunt|strict|short|brief|concise)\b/i.test(words)
      ? 'direct'
      : 'standard';
  return {
    movement: named[0]?.id ?? null,
    notMovements,
    focus,
    only,
    exclude,
    window: window && window.to > window.from ? window : null,
    level,
    tone,
  };
}

/** How a sentence names a topic: "the arms", "depth". */
export function topicPhrase(topic: Topic): string {
  return topic === 'arms' || topic === 'legs' || topic === 'head' ? `the ${topic}` : topic;
}

/** Whether a point's type names a coaching topic (a point may carry another kind of type). */
export function isTopic(type: string | undefined): type is Topic {
  return type !== undefined && Object.hasOwn(TOPIC_WORDS, type);
}

/** The topics some words name, in TOPIC_WORDS order. */
function topicsNamed(text: string): Topic[] {
  return (Object.keys(TOPIC_WORDS) as Topic[]).filter((topic) => TOPIC_WORDS[topic].test(text));
}

/**
 * The catalogue movements some words name, the longest name first ("kettlebell swing" before
 * "swing"), each once.
 */
function movementsNamed(text: string): { id: MovementId; length: number }[] {
  const lower = text.toLowerCase();
  const byLabel = MOVEMENTS.filter(
    (movement) => movement.id !== 'general' && lower.includes(movement.label.toLowerCase()),
  ).map((movement) => ({ id: movement.id, length: movement.label.length }));
  const byWords = MOVEMENT_WORDS.flatMap(([id, pattern]) => {
    const all = [...text.matchAll(new RegExp(pattern.source, 'gi'))];
    return all.length ? [{ id, length: Math.max(...all.map((m) => m[0].length)) }] : [];
  });
  const found = [...byLabel, ...byWords].sort((a, b) => b.length - a.length);
  return found.filter((m, i) => found.findIndex((o) => o.id === m.id) === i);
}

function withoutMovementNames(text: string): string {
  const labels = MOVEMENTS.filter((movement) => movement.id !== 'general').map(
    (movement) => new RegExp(`\\b${movement.label.replace(/[^\w\s]/g, '.')}\\b`, 'gi'),
  );
  return [...MOVEMENT_WORDS.map(([, words]) => new RegExp(words.source, 'gi')), ...labels].reduce(
    (rest, pattern) => rest.replace(pattern, ' '),
    text,
  );
}

/**
 * What a line of the reading is about: its own topic, and every body part its words name
 * ("Knee angle at the bottom" is depth, and the legs).
 */
export function topicsOf(topic: Topic | undefined, ...words: string[]): Topic[] {
  return [...new Set([...(topic ? [topic] : []), ...words.flatMap(topicsNamed)])];
}

/**
 * Whether a line on these topics stays in the reading: never one on an excluded topic, and,
 * when the focus is exclusive ("only the arms"), only one on a focused topic.
 */
export function topicsAllowed(topics: Topic[], instructions: CoachInstructions): boolean {
  if (topics.some((topic) => instructions.exclude.includes(topic))) return false;
  if (instructions.only) return topics.some((topic) => instructions.focus.includes(topic));
  return true;
}

/** Keeps the points inside the time window and about the asked topics, never excluded ones. */
export function pointMatches(
  point: { timestamp: number; topics: Topic[] },
  instructions: CoachInstructions,
): boolean {
  const { window, focus } = instructions;
  if (window && (point.timestamp < window.from || point.timestamp > window.to)) return false;
  if (!topicsAllowed(point.topics, instructions)) return false;
  if (focus.length === 0 || point.topics.length === 0) return true;
  return point.topics.some((topic) => focus.includes(topic));
}
