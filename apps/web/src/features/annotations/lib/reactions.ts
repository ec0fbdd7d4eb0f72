import type { Reaction } from '@filmroom/contract/values';
import {
  BicepsFlexedIcon,
  HeartIcon,
  TargetIcon,
  ThumbsDownIcon,
  ThumbsUpIcon,
  type LucideIcon,
} from 'lucide-react';

/** What each of the five reactions (spec §9) is called for screen readers and tooltips. */
export const REACTION_NAMES: Record<Reaction, string> = {
  '👍': 'Thumbs up',
  '👎': 'Thumbs down',
  '❤️': 'Heart',
  '🎯': 'On target',
  '💪': 'Strong',
};

/**
 * How each reaction is drawn: an icon of the app's own set, not the emoji, which needs a colour
 * emoji font that many Linux desktops and servers (and headless Chromium) lack: there the emoji
 * were empty boxes. The emoji stays the API's name for the reaction.
 */
export const REACTION_ICONS: Record<Reaction, LucideIcon> = {
  '👍': ThumbsUpIcon,
  '👎': ThumbsDownIcon,
  '❤️': HeartIcon,
  '🎯': TargetIcon,
  '💪': BicepsFlexedIcon,
};
