import type { ChatContext } from '../chat/context';
import { analysePoses } from '../index';
import type { PoseScan } from '../pose';
import { holdSet, jumpSet, squatSet } from '../synthetic-athlete';
import { squatsScan } from './squats-scan';

/** The chat context of a clip analysed from `scan`, with no detections, notes or history. */
export function analysedContext(scan: PoseScan, title = 'Clip'): ChatContext {
  return {
    video: { title, duration: scan.duration },
    analysis: analysePoses(scan),
    playerDetections: [],
    annotations: [],
    history: [],
  };
}

/** The real squats clip, as the server would pass it: analysed, with players and notes. */
export function squatsContext(): ChatContext {
  return {
    ...analysedContext(squatsScan(), 'Back squats, Tuesday'),
    playerDetections: [
      { timestamp: 1, name: 'Alex Kim', jerseyNumber: '7', jerseyColor: 'red', confidence: 0.91 },
      { timestamp: 6.2, name: 'Alex Kim', jerseyNumber: '7', jerseyColor: 'red', confidence: 0.87 },
      { timestamp: 4, name: null, jerseyNumber: '12', jerseyColor: 'blue', confidence: 0.6 },
    ],
    annotations: [
      {
        timestamp: 6.5,
        content: 'Knees caving on this one',
        author: 'Coach Sam',
        sentiment: { label: 'negative', confidence: 0.72 },
      },
      {
        timestamp: 1,
        content: 'Nice setup, good brace',
        author: 'Coach Sam',
        sentiment: { label: 'positive', confidence: 0.8 },
      },
    ],
  };
}

/** Synthetic clips for what the squats clip does not show. */
export const syntheticContexts = {
  jumps: () =>
    analysedContext(
      jumpSet([
        { airTime: 0.5, landingKneeAngle: 120, arms: { raise: 170, elbowAngle: 175 } },
        { airTime: 0.4, landingKneeAngle: 165, arms: { raise: 170, elbowAngle: 130 } },
      ]),
      'Jumps',
    ),
  hold: () => analysedContext(holdSet({ seconds: 5, sway: 0.07 }), 'Balance hold'),
  goodSquats: () =>
    analysedContext(
      squatSet([{ bottomKneeAngle: 88 }, { bottomKneeAngle: 92 }, { bottomKneeAngle: 90 }]),
      'Good squats',
    ),
  leaningSquats: () =>
    analysedContext(
      squatSet([
        { bottomKneeAngle: 95, bottomTrunkLean: 50 },
        { bottomKneeAngle: 115, bottomTrunkLean: 58, seconds: 2 },
      ]),
      'Leaning squats',
    ),
};

/** Two athletes: the squats clip's and a jumper's, as a clip of a pair would be analysed. */
export function twoAthletesContext(): ChatContext {
  const squats = squatsContext();
  const jumper = syntheticContexts.jumps().analysis!.athletes[0]!;
  return {
    ...squats,
    analysis: { ...squats.analysis!, athletes: [squats.analysis!.athletes[0]!, jumper] },
  };
}

/** A clip that has not been analysed yet: only what the server knows without the scan. */
export function unanalysedContext(): ChatContext {
  return { ...squatsContext(), analysis: null };
}

/** An analysed clip in which nobody was measured. */
export function emptyContext(): ChatContext {
  return {
    ...squatsContext(),
    analysis: analysePoses({ duration: 8, width: 720, height: 1280, tracks: [] }),
    playerDetections: [],
  };
}
