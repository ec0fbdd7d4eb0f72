/**
 * What a coach can ask of Regenerate in plain words, read without a language model:
 * focus areas, a time range, the athlete's level and the tone. Anything not understood is
 * simply not applied (and the model, when there is one, still reads the whole text).
 */
export type Focus =
  'depth' | 'posture' | 'symmetry' | 'tempo' | 'jumping' | 'arms' | 'stability' | 'speed';

export type CoachInstructions = {
  focus: Focus[];
  /** Seconds; only moments inside the window are pointed at. */
  window: { from: number; to: number } | null;
  level: 'beginner' | 'standard' | 'advanced';
  tone: 'standard' | 'encouraging' | 'direct';
};

const FOCUS_WORDS: Record<Focus, RegExp> = {
  depth: /\b(depth|deep|deeper|knees?|squat depth|parallel)\b/i,
  posture: /\b(back|chest|trunk|torso|posture|lean|spine)\b/i,
  symmetry: /\b(symmetr\w*|balance|uneven|left|right|side)\b/i,
  tempo: /\b(tempo|pace|speed|rhythm|timing|consisten\w*)\b/i,
  jumping: /\b(jump\w*|hops?|landings?|land|take-?offs?|air time|explosive\w*)\b/i,
  arms: /\b(arms?|elbows?|overhead)\b/i,
  // "balance" is both: left/right balance (symmetry) and holding still. Everyday words
  // ("still", "quick", "fast") are left out: a wrong focus hides every other point.
  stability: /\b(holds?|holding|stillness|steady|steadiness|stabil\w*|wobbl\w*|balance|sway\w*)\b/i,
  speed: /\b(speed|sprint\w*|running|acceleration|velocity|fastest)\b/i,
};

const TIME = String.raw`(\d+(?::\d{1,2})?(?:\.\d+)?)\s*s?`;
const RANGE = new RegExp(String.raw`(?:from|between)?\s*${TIME}\s*(?:-|–|to|and)\s*${TIME}`, 'i');

function seconds(text: string): number {
  const [minutes, rest] = text.includes(':') ? text.split(':') : ['0', text];
  return Number(minutes) * 60 + Number(rest);
}

export function readInstructions(text: string): CoachInstructions {
  const focus = (Object.keys(FOCUS_WORDS) as Focus[]).filter((name) =>
    FOCUS_WORDS[name].test(text),
  );
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
  return { focus, window: window && window.to > window.from ? window : null, level, tone };
}

const TYPE_FOCUS: Record<string, Focus> = {
  technique: 'depth',
  posture: 'posture',
  symmetry: 'symmetry',
  consistency: 'tempo',
  jump: 'jumping',
  landing: 'jumping',
  arms: 'arms',
  balance: 'stability',
  speed: 'speed',
};

/** Keeps the points inside the time window and, when focus areas were named, about them. */
export function pointMatches(
  point: { timestamp: number; type: string },
  instructions: CoachInstructions,
): boolean {
  const { window, focus } = instructions;
  if (window && (point.timestamp < window.from || point.timestamp > window.to)) return false;
  if (focus.length === 0) return true;
  const area = TYPE_FOCUS[point.type];
  return area !== undefined && focus.includes(area);
}
