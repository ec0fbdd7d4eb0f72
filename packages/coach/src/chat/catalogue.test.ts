import {
  MOVEMENT_IDS,
  movementLabel,
  type AthleteReading,
  type MovementId,
} from '@filmroom/contract';
import { describe, expect, it } from 'vitest';
import { guideFor } from '../movements/catalogue';
import { context } from '../../testing/chat-contexts';
import { composeAnswer } from './built-in-coach';
import { ungroundedNumbers } from './grounding';
import { suggestedPrompts } from './suggested-prompts';
import { timeWriter } from './readings';
import { atMoment, capitalised } from './wording';

/**
 * Every movement of the catalogue, read as the engine stores it: each of its key moments found
 * once (0.7 s apart), and one record per fault, missing its target, at one of those moments.
 */
function readingOf(movement: MovementId): AthleteReading {
  const guide = guideFor(movement);
  const events = guide.phases.map((phase, i) => ({
    name: phase.event,
    label: phase.label,
    t: 1 + i * 0.7,
  }));
  return {
    index: 1,
    name: 'Athlete 1',
    trackId: 1,
    playerMatchId: null,
    movement,
    movementLabel: movementLabel(movement),
    confidence: 0.9,
    movementSource: 'detected',
    view: 'side',
    viewConfidence: 0.9,
    events,
    repetitions: events.length ? 1 : 0,
    metrics: guide.faults.map((fault, i) => {
      const at = events.length ? events[i % events.length]! : undefined;
      return {
        id: `a1.${fault.metric}`,
        athlete: 1,
        name: `${fault.title} (measure)`,
        value: 11 + i,
        unit: '°',
        text: `${11 + i}°`,
        t: at?.t ?? null,
        event: at?.name ?? null,
        target: 'under 5°',
        source: null,
        status: 'fault' as const,
      };
    }),
    withheld: [],
  };
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const otherDrills = (movement: MovementId) => {
  const own = new Set(guideFor(movement).faults.flatMap((f) => f.drills.map((d) => d.name)));
  return MOVEMENT_IDS.filter((id) => id !== movement)
    .flatMap((id) => guideFor(id).faults.flatMap((f) => f.drills.map((d) => d.name)))
    .filter((name) => !own.has(name));
};

describe.each(MOVEMENT_IDS)('the chat about a %s', (movement) => {
  const reading = readingOf(movement);
  const clip = context(movementLabel(movement), {
    textAnalysis: '',
    overallFeedback: null,
    coachingPoints: [],
    keyMetric: null,
    athletes: [reading],
  });

  it('finds each key moment by its own words, with its time', () => {
    const time = timeWriter(reading);
    for (const event of reading.events) {
      const answer = composeAnswer(clip, `What happened ${atMoment(event.label)}?`);
      expect(answer, event.name).toMatch(
        new RegExp(`^${escaped(`**${capitalised(atMoment(event.label))} (${time(event.t)})**`)}`),
      );
      // Only its own records: the one fault measured there, none of another moment's.
      for (const record of reading.metrics) {
        expect(answer.includes(record.text), `${event.name}: ${record.name}`).toBe(
          record.event === event.name,
        );
      }
    }
  });

  it('suggests only drills of this movement', () => {
    const answer = composeAnswer(clip, 'What drills would help?');
    for (const name of otherDrills(movement)) expect(answer).not.toContain(`**${name}**`);
    for (const fault of guideFor(movement).faults.slice(0, 1)) {
      if (fault.drills[0]) expect(answer).toContain(`**${fault.drills[0].name}**`);
    }
  });

  it('suggests prompts it answers from this clip', () => {
    const prompts = suggestedPrompts(clip);
    expect(prompts.length).toBeGreaterThanOrEqual(2);
    for (const prompt of prompts) {
      const answer = composeAnswer(clip, prompt);
      expect(answer, prompt).not.toMatch(/^(I can only answer|That was not measured)/);
      expect(answer, prompt).not.toMatch(/not found in this clip|which has no/);
      expect(ungroundedNumbers(clip, answer, prompt), prompt).toEqual([]);
    }
  });
});
