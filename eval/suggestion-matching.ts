import { SUGGESTED_ACTIONS, type SuggestedAction } from '@filmroom/contract';
import type { ClipLabel } from './evaluate';

/** An action a person in the clip was labelled doing, at its key event. */
export type LabelledAction = { action: string; t: number; tol: number };

/**
 * The labelled actions a suggestion could be: labelled events named as an action's key event,
 * in a clip where the clip or one of its athletes is labelled with that action's movement (a
 * serve's take-off is not a jump). A shadow stroke's "contact_zone" has no side in its name: it
 * is either stroke.
 */
export function labelledActionsOf(label: ClipLabel): LabelledAction[] {
  const movements = new Set([label.movement, ...(label.athletes ?? []).map((a) => a.movement)]);
  return (label.events ?? []).flatMap((event) =>
    SUGGESTED_ACTIONS.filter(
      (known) =>
        movements.has(known.movement) &&
        (known.event === event.name ||
          (event.name.endsWith('_zone') &&
            known.event.startsWith(`${event.name.replace(/_zone$/, '')}_`))),
    )
      .slice(0, 1)
      .map((known) => ({
        action: event.name.endsWith('_zone') ? 'stroke' : known.action,
        t: event.t,
        tol: event.tol,
      })),
  );
}

const sameAction = (labelled: LabelledAction, suggested: SuggestedAction) =>
  labelled.action === suggested.action ||
  (labelled.action === 'stroke' && ['Forehand', 'Backhand'].includes(suggested.action));

/**
 * Pairs suggestions with labelled actions of the same kind within the label's tolerance, each
 * used once, nearest first. A suggestion paired is right; one left over is a false suggestion;
 * a labelled action left over was missed.
 */
export function matchSuggestions(
  suggested: readonly SuggestedAction[],
  labelled: readonly LabelledAction[],
): { right: number; falseOnes: SuggestedAction[]; missed: LabelledAction[] } {
  const pairs = suggested
    .flatMap((s, si) =>
      labelled.flatMap((l, li) =>
        sameAction(l, s) && Math.abs(s.t - l.t) <= l.tol + 1e-9
          ? [{ si, li, error: Math.abs(s.t - l.t) }]
          : [],
      ),
    )
    .sort((a, b) => a.error - b.error);
  const usedS = new Set<number>();
  const usedL = new Set<number>();
  for (const pair of pairs) {
    if (usedS.has(pair.si) || usedL.has(pair.li)) continue;
    usedS.add(pair.si);
    usedL.add(pair.li);
  }
  return {
    right: usedS.size,
    falseOnes: suggested.filter((_, i) => !usedS.has(i)),
    missed: labelled.filter((_, i) => !usedL.has(i)),
  };
}
