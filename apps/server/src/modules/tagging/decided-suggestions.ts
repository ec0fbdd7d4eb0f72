import type { TagSuggestion } from '@filmroom/contract';
import { SAME_ACTION_WITHIN_SECONDS } from './repeated-suggestions';

/** What a decision keeps of its suggestion, so it can find it again after a re-analysis. */
export type DecidedAction = {
  source: 'video' | 'range';
  movement: string;
  event: string;
  athlete: string;
  t: number;
};

/** A stored decision: by id, and (since 0033) by what was decided. */
export type Decision = { suggestionId: string } & {
  [Key in keyof DecidedAction]: DecidedAction[Key] | null;
};

/**
 * The suggestion as a decision keeps it. The athlete is the roster athlete when the analysis
 * named one, else the name the reading gave ("Athlete 1 (white shirt)"): tracked people are
 * numbered afresh by each scan, so a track number would not survive a re-analysis.
 */
export function decidedActionOf(suggestion: TagSuggestion): DecidedAction {
  return {
    source: suggestion.rangeId === null ? 'video' : 'range',
    movement: suggestion.movement,
    event: suggestion.event,
    athlete: suggestion.playerId ?? suggestion.athleteName,
    t: suggestion.t,
  };
}

/**
 * Whether the decision is about this suggestion: the same one, or the same action of the same
 * athlete found by the same kind of analysis with its moment moved by less than a repetition
 * could be seen twice (a regenerated reading, a re-run range: they change the id, which hashes
 * the exact time).
 */
export function isDecidedBy(decision: Decision, suggestion: TagSuggestion): boolean {
  if (decision.suggestionId === suggestion.id) return true;
  if (decision.t === null) return false;
  const action = decidedActionOf(suggestion);
  return (
    decision.source === action.source &&
    decision.movement === action.movement &&
    decision.event === action.event &&
    decision.athlete === action.athlete &&
    Math.abs(decision.t - action.t) <= SAME_ACTION_WITHIN_SECONDS
  );
}
