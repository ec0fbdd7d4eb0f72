import { movementLabel, type MovementId } from '@filmroom/contract';
import type { Fault, MovementModule, Phase } from './types';

/** Every movement FilmRoom coaches; `general` last, as what is left when nothing fits. */
export const CATALOGUE: MovementModule[] = [];

export function moduleFor(id: MovementId): MovementModule | undefined {
  return CATALOGUE.find((module) => module.id === id);
}

/** What the chat and the write-up need to talk about a movement in its own words. */
export type MovementGuide = { id: MovementId; label: string; phases: Phase[]; faults: Fault[] };

export function guideFor(id: MovementId): MovementGuide {
  const module = moduleFor(id);
  return {
    id,
    label: movementLabel(id),
    phases: module?.phases ?? [],
    faults: module?.faults ?? [],
  };
}
