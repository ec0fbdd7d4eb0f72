import type { Annotation, ReactionSummary } from '@filmroom/contract';
import { describe, expect, it } from 'vitest';
import { withReactions } from './toggle-reaction';

const none: ReactionSummary = {
  '👍': { count: 0, mine: false },
  '👎': { count: 0, mine: false },
  '❤️': { count: 0, mine: false },
  '🎯': { count: 0, mine: false },
  '💪': { count: 0, mine: false },
};
const given: ReactionSummary = { ...none, '👍': { count: 1, mine: true } };

const note = (id: string, replies: Annotation['replies'] = []) =>
  ({ id, reactions: none, replies }) as unknown as Annotation;

describe('withReactions', () => {
  it('writes the new tallies into the note they belong to, and no other', () => {
    const [first, second] = withReactions([note('a'), note('b')], 'b', given);
    expect(first!.reactions).toBe(none);
    expect(second!.reactions).toBe(given);
  });

  it('finds a reply inside its note', () => {
    const reply = note('r') as unknown as Annotation['replies'][number];
    const [updated] = withReactions([note('a', [reply])], 'r', given);
    expect(updated!.reactions).toBe(none);
    expect(updated!.replies[0]!.reactions).toBe(given);
  });
});
