import { movementLabel, type MovementId } from '@filmroom/contract';
import { basketballShot } from './basketball-shot';
import { general } from './general';
import { golfSwing } from './golf-swing';
import { hipHinge } from './hip-hinge';
import { jumpingJacks } from './jumping-jacks';
import { lunge } from './lunge';
import { pullUp } from './pull-up';
import { pushUp } from './push-up';
import { running } from './running';
import { squat } from './squat';
import { tennisGroundstroke } from './tennis-groundstroke';
import { tennisServe } from './tennis-serve';
import type { Fault, MovementModule, Phase } from './types';
import { verticalJump } from './vertical-jump';
import { yoga } from './yoga';

/** Every movement FilmRoom coaches; `general` last, as what is left when nothing fits. */
export const CATALOGUE: MovementModule[] = [
  squat,
  lunge,
  hipHinge,
  pushUp,
  pullUp,
  verticalJump,
  jumpingJacks,
  running,
  golfSwing,
  basketballShot,
  tennisServe,
  tennisGroundstroke,
  yoga,
  general,
];

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
