import {
  AUTO_DETECT,
  MOVEMENTS,
  MOVEMENT_IDS,
  SPORTS,
  type MovementChoice,
  type MovementId,
} from '@filmroom/contract/values';

/** "  Golf " and "golf" name the same thing; so do "Hip hinge" and "hip  hinge". */
function normalise(text: string): string {
  return text.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** The names a movement answers to: its sport's id and label, its label and each of its parts. */
function namesOf(movement: (typeof MOVEMENTS)[number]): string[] {
  const sport = SPORTS.find((entry) => entry.id === movement.sport);
  // "Hip hinge / deadlift" is also "Deadlift"; "Running / sprinting" is also "Running".
  const parts = movement.label.split('/').map((part) => part.trim());
  return [movement.label, ...parts, ...(sport ? [sport.id, sport.label] : [])].map(normalise);
}

/**
 * The one catalogue movement a team's free-text sport names, by its sport or its own label
 * ("Golf" → golf swing, "Deadlift" → hip hinge); null when it names none or several ("Tennis"
 * has a serve and groundstrokes: which one a clip shows is not the team's to say).
 */
export function movementForSport(sport: string): MovementId | null {
  const wanted = normalise(sport);
  if (wanted === '') return null;
  const matches = MOVEMENTS.filter(
    (movement) => movement.id !== 'general' && namesOf(movement).includes(wanted),
  );
  return matches.length === 1 ? matches[0]!.id : null;
}

export type DefaultMovement =
  | { choice: MovementId; reason: 'team'; team: { name: string; sport: string } }
  | { choice: MovementId; reason: 'last' }
  | { choice: typeof AUTO_DETECT; reason: 'none' };

/**
 * What the upload form's movement picker starts at: for an upload from a team's page, the
 * movement its sport names; else the uploader's last chosen movement; else "Not sure: detect it".
 */
export function defaultMovement(from: {
  team: { name: string; sport: string } | null;
  lastChoice: string | null;
}): DefaultMovement {
  const teamMovement = from.team ? movementForSport(from.team.sport) : null;
  if (teamMovement && from.team) return { choice: teamMovement, reason: 'team', team: from.team };
  if (isMovementId(from.lastChoice)) return { choice: from.lastChoice, reason: 'last' };
  return { choice: AUTO_DETECT, reason: 'none' };
}

function isMovementId(value: string | null): value is MovementId {
  return value !== null && (MOVEMENT_IDS as string[]).includes(value);
}

/** Only a named movement is remembered: "Not sure" this time says nothing about the next clip. */
export function rememberedChoice(choice: MovementChoice): MovementId | null {
  return choice === AUTO_DETECT ? null : choice;
}
