import type { Topic } from '../movements/types';

/**
 * The words people use for each coaching topic, and the words a metric's name uses for it: how
 * "How is my posture?" finds "Spine tilt" and "Trunk lean", whatever the movement. A record is
 * also on a topic when the movement's fault for it says so.
 */
export const TOPIC_WORDS: Record<Topic, { asked: RegExp; named: RegExp }> = {
  posture: {
    asked:
      /\b(posture|back|trunk|torso|chest|spine|spinal|lean\w*|upright|hinge|tilt\w*|bent over|hunch\w*)\b/,
    named:
      /\b(posture|trunk|torso|spine|spinal|lean|back|chest|tilt|hinge|upright|bend)(s|es|ing|ed)?\b/,
  },
  depth: {
    asked: /\b(depth|deep\w*|low enough|how low|parallel|knee bend|knee angles?|knees bent)\b/,
    named: /\b(depth|knee (angle|bend|flexion)|thigh)(s|es|ing|ed)?\b/,
  },
  symmetry: {
    asked:
      /\b(symmetr\w*|asymmetr\w*|uneven|even knees|left and right|left right|one side|hip shift)\b/,
    named: /\b(symmetr\w*|asymmetr\w*|left.right|difference|uneven|shift)(s|es|ing|ed)?\b/,
  },
  tempo: {
    asked: /\b(tempo|timing|ratio)\b/,
    named: /\b(tempo|ratio|timing)(s|es|ing|ed)?\b/,
  },
  rhythm: {
    asked: /\b(rhythm|cadence|stride rate|step rate|steps per minute)\b/,
    named: /\b(rhythm|cadence|rate)(s|es|ing|ed)?\b/,
  },
  arms: {
    asked:
      /\b(arms?|elbows?|wrists?|hands?|extension|extend\w*|reach\w*|overhead|follow ?through)\b/,
    named: /\b(arm|elbow|wrist|hand|extension|reach)(s|es|ing|ed)?\b/,
  },
  legs: {
    asked: /\b(legs?|knees?|hips?|stride|feet|foot|ankles?)\b/,
    named: /\b(leg|knee|hip|stride|foot|feet|ankle|shin)(s|es|ing|ed)?\b/,
  },
  balance: {
    asked: /\b(balance\w*|steady|stable|stability|sway\w*|wobbl\w*|stillness)\b/,
    named: /\b(balance|sway|stab\w*|steady|still\w*)(s|es|ing|ed)?\b/,
  },
  head: {
    asked: /\b(head|eyes?|chin|gaze)\b/,
    named: /\b(head|eye|chin|gaze)(s|es|ing|ed)?\b/,
  },
  jumping: {
    asked: /\b(jump\w*|how high|height|air ?time|hang ?time|leap\w*|landings?)\b/,
    named: /\b(jump|height|air ?time|landing|rise)(s|es|ing|ed)?\b/,
  },
  speed: {
    asked: /\b(speed|fast\w*|quick\w*|slow\w*|velocity|explosive\w*|power)\b/,
    named: /\b(speed|velocity|fast|quick|pace)(s|es|ing|ed)?\b/,
  },
};

/** The topics a question (normalised) asks about, in TOPIC_WORDS order. */
export function topicsIn(text: string): Topic[] {
  return (Object.keys(TOPIC_WORDS) as Topic[]).filter((topic) =>
    TOPIC_WORDS[topic].asked.test(text),
  );
}

// Words in metric names that say nothing about which metric a question means.
const PLAIN_WORDS = new Set([
  'angle',
  'angles',
  'time',
  'from',
  'with',
  'during',
  'position',
  'average',
  'peak',
  'total',
  'measured',
  'athlete',
  'what',
  'when',
  'that',
  'this',
  'there',
  'about',
  'does',
  'were',
  'have',
]);

/** "leaning" and "leans" are "lean": enough stemming to match a question to a metric's name. */
const stem = (word: string) =>
  word.length <= 4 || /(ss|us|eed)$/.test(word) ? word : word.replace(/(ing|ed|es|s)$/, '');

/** The words of a name or question that can tell one metric from another, stemmed. */
export function telling(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter((word) => word.length >= 4 && !PLAIN_WORDS.has(word))
    .map(stem);
}
