import { MOVEMENTS, type MovementId } from '@filmroom/contract';
import { CATALOGUE } from './movements/catalogue';
import type { Topic } from './movements/types';

/**
 * What a coach can ask of Regenerate in plain words, read without a language model: the
 * movement ("this is a golf swing"), topics to focus on or leave out ("don't talk about
 * depth"), a time range, the athlete's level and the tone. The write-up says back exactly what
 * it applied, so anything not understood is visibly not applied.
 */
export type CoachInstructions = {
  movement: MovementId | null;
  focus: Topic[];
  exclude: Topic[];
  /** Seconds; only moments inside the window are pointed at. */
  window: { from: number; to: number } | null;
  level: 'beginner' | 'standard' | 'advanced';
  tone: 'standard' | 'encouraging' | 'direct';
};

const TOPIC_WORDS: Record<Topic, RegExp> = {
  depth: /\b(depth|deep|deeper|parallel|squat depth)\b/i,
  posture: /\b(back|chest|trunk|torso|posture|lean|spine|hinge)\b/i,
  symmetry: /\b(symmetr\w*|uneven|left and right|left\/right)\b/i,
  tempo: /\b(tempo|pace|rhythm|timing)\b/i,
  arms: /\b(arms?|elbows?|overhead|wrists?|hands?)\b/i,
  legs: /\b(knees?|legs?|hips?|stance|feet|foot)\b/i,
  balance: /\b(balance|holds?|holding|stillness|steady|steadiness|stabil\w*|wobbl\w*|sway\w*)\b/i,
  head: /\b(head|eyes?)\b/i,
  jumping: /\b(jump\w*|hops?|landings?|take-?offs?|air time|explosive\w*)\b/i,
  speed: /\b(speed|fast\w*|acceleration|velocity|quick\w*)\b/i,
  rhythm: /\b(cadence|stride|steps?|strides?)\b/i,
};

// Names a coach gives each movement, each from its catalogue entry, in precedence order.
const MOVEMENT_WORDS: [MovementId, RegExp][] = CATALOGUE.flatMap((module) =>
  module.namedBy ? [{ id: module.id, ...module.namedBy }] : [],
)
  .sort((a, b) => a.precedence - b.precedence)
  .map(({ id, words }) => [id, words]);

// "don't talk about depth", "no depth", "leave out depth", "ignore depth", "not depth"
const EXCLUDING =
  /\b(?:do not|don'?t|never|no|not|without|ignore|skip|leave out|stop)\b(?:\s+(?:talk(?:ing)?|tell(?:ing)?\s+me|mention(?:ing)?|comment(?:ing)?|say(?:ing)? anything|focus(?:ing)?|worry(?:ing)?))?(?:\s+(?:about|on))?\s+((?:[\w-]+[ ,/]*(?:and|or)?\s*){1,4})/gi;

const TIME = String.raw`(\d+(?::\d{1,2})?(?:\.\d+)?)\s*s?`;
const RANGE = new RegExp(String.raw`(?:from|between)?\s*${TIME}\s*(?:-|–|to|and)\s*${TIME}`, 'i');

function seconds(text: string): number {
  const [minutes, rest] = text.includes(':') ? text.split(':') : ['0', text];
  return Number(minutes) * 60 + Number(rest);
}

export function readInstructions(text: string): CoachInstructions {
  const exclude = new Set<Topic>();
  let remaining = text;
  for (const match of text.matchAll(EXCLUDING)) {
    for (const topic of topicsIn(match[1]!)) exclude.add(topic);
    remaining = remaining.replace(match[0], ' ');
  }
  const focus = topicsIn(remaining).filter((topic) => !exclude.has(topic));
  const range = RANGE.exec(text);
  const window =
    range && /\d/.test(range[1]!) && /\d/.test(range[2]!)
      ? { from: seconds(range[1]!), to: seconds(range[2]!) }
      : null;
  const level = /\b(beginner|novice|new|young|kids?|junior)\b/i.test(text)
    ? 'beginner'
    : /\b(advanced|elite|expert|experienced|senior)\b/i.test(text)
      ? 'advanced'
      : 'standard';
  const tone = /\b(encourag\w*|positive|kind|gentle|motivat\w*)\b/i.test(text)
    ? 'encouraging'
    : /\b(direct|blunt|strict|short|brief|concise)\b/i.test(text)
      ? 'direct'
      : 'standard';
  return {
    movement: movementNamed(remaining),
    focus,
    exclude: [...exclude],
    window: window && window.to > window.from ? window : null,
    level,
    tone,
  };
}

function topicsIn(text: string): Topic[] {
  return (Object.keys(TOPIC_WORDS) as Topic[]).filter((topic) => TOPIC_WORDS[topic].test(text));
}

/** The movement the text says the clip shows, if it names exactly one catalogue entry. */
function movementNamed(text: string): MovementId | null {
  const byLabel = MOVEMENTS.find(
    (movement) =>
      movement.id !== 'general' && text.toLowerCase().includes(movement.label.toLowerCase()),
  );
  if (byLabel) return byLabel.id;
  const named = MOVEMENT_WORDS.filter(([, words]) => words.test(text));
  if (named.length === 0) return null;
  return named[0]![0];
}

/** Keeps the points inside the time window and about the asked topics, never excluded ones. */
export function pointMatches(
  point: { timestamp: number; topic: Topic | undefined },
  instructions: CoachInstructions,
): boolean {
  const { window, focus, exclude } = instructions;
  if (window && (point.timestamp < window.from || point.timestamp > window.to)) return false;
  if (point.topic && exclude.includes(point.topic)) return false;
  if (focus.length === 0 || !point.topic) return true;
  return focus.includes(point.topic);
}
