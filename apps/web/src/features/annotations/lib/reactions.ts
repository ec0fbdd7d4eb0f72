import type { Reaction } from '@filmroom/contract/values';

/** What each of the five reactions (spec §9) is called for screen readers and tooltips. */
export const REACTION_NAMES: Record<Reaction, string> = {
  '👍': 'Thumbs up',
  '👎': 'Thumbs down',
  '❤️': 'Heart',
  '🎯': 'On target',
  '💪': 'Strong',
};
