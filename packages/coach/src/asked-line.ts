/**
 * The "As asked: …" banner at the top of a write-up says what the reading did with the coach's
 * Regenerate instructions (the write-up derives it from what it shows). A language model that
 * rephrases the write-up must not restate or invent it: its own "As asked" lines are dropped
 * and the reading's banner is put back, so the banner never claims what the reading did not do.
 */

// "_As asked: focus on arms._", "**As asked:** …", "As asked, …": any way a line opens with it.
const ASKED_LINE = /^[\s>*_]*As asked\b.*$/i;

/** The reading's banner line, as the measured write-up writes it, or null when none. */
export function askedLineOf(measuredText: string): string | null {
  return measuredText.split('\n').find((line) => line.startsWith('_As asked: ')) ?? null;
}

/** The model's text with its own "As asked" lines out and the reading's banner on top. */
export function withReadingsAskedLine(modelText: string, askedLine: string | null): string {
  const body = modelText
    .split('\n')
    .filter((line) => !ASKED_LINE.test(line))
    .join('\n')
    .trim();
  return askedLine ? `${askedLine}\n\n${body}` : body;
}
