import type { AthleteReading } from '@filmroom/contract';
import { describe, expect, it } from 'vitest';
import { context, generalContext, squatReading } from '../../testing';
import { composeAnswer } from './built-in-coach';
import { modelMessages } from './model-coach';

/**
 * The AI Coach follows the reading: in the words of the movement the coach chose or the
 * recognition was sure of; when the reading is a guess or general, it says it is not sure and
 * asks which movement it is, never "this clip shows a squat, which has no impact".
 */
function squatsAs(extra: Partial<AthleteReading>) {
  const reading = { ...squatReading(), ...extra };
  const base = context('Driver, down the line', null, 13);
  return {
    ...base,
    analysis: {
      textAnalysis: '## Squat',
      overallFeedback: null,
      coachingPoints: [],
      keyMetric: null,
      athletes: [reading],
    },
  };
}

// The golf swing of issue 27, read as a squat at 60%: a guess.
const guessedSquat = squatsAs({
  confidence: 0.6,
  candidates: [
    { movement: 'squat', confidence: 0.6 },
    { movement: 'golf_swing', confidence: 0.35 },
  ],
});
const sureSquat = squatsAs({ confidence: 0.9 });
const chosenSquat = squatsAs({ confidence: 1, movementSource: 'chosen' });
// No catalogue movement fitted well enough: the general reading with its two likeliest.
const unrecognised = (() => {
  const general = generalContext();
  const reading: AthleteReading = {
    ...general.analysis!.athletes[0]!,
    candidates: [
      { movement: 'tennis_serve', confidence: 0.42 },
      { movement: 'vertical_jump', confidence: 0.3 },
    ],
  };
  return { ...general, analysis: { ...general.analysis!, athletes: [reading] } };
})();

const ASK_IMPACT = 'Choose it under Movement in the Analysis tab and I can talk about impact.';

describe('the AI Coach when the reading is not sure of the movement', () => {
  it('asks whether the guessed squat is a golf swing instead of saying a squat has no impact', () => {
    const answer = composeAnswer(guessedSquat, 'How is my posture at impact?');
    expect(answer).toContain('FilmRoom is not sure this clip shows a squat (it read it at 60%');
    expect(answer).toContain(`Is this a golf swing or a squat? ${ASK_IMPACT}`);
    expect(answer).not.toMatch(/which has no impact/);
  });

  it('asks on a general reading, naming the candidates with the asked moment first', () => {
    const answer = composeAnswer(unrecognised, 'How is my posture at impact?');
    expect(answer).toContain('FilmRoom did not recognise which movement this clip shows');
    // The serve has contact (impact): it comes first; the jump is the other candidate.
    expect(answer).toContain(`Is this a tennis serve or a vertical jump? ${ASK_IMPACT}`);
    expect(answer).not.toMatch(/which has no/);
  });

  it('asks on a general reading without candidates, naming the movement that has the moment', () => {
    const answer = composeAnswer(generalContext(), 'How is my posture at impact?');
    expect(answer).toContain(`Is this a golf swing? ${ASK_IMPACT}`);
    expect(answer).not.toMatch(/which has no/);
  });

  it('asks when a why-question names a moment of another movement', () => {
    const answer = composeAnswer(guessedSquat, 'Why was my posture off at impact?');
    expect(answer).toContain('Is this a golf swing or a squat?');
    expect(answer).not.toMatch(/which has no|Chest up|Sit deeper/);
  });

  it('says it is only a guess before answering in the guessed movement’s words', () => {
    const answer = composeAnswer(guessedSquat, 'What should I fix first?');
    expect(answer).toMatch(
      /^_FilmRoom is not sure this clip shows a squat \(60%\), so this reads it as one\. If it is a golf swing, choose it under Movement in the Analysis tab\._/,
    );
    const bottom = composeAnswer(guessedSquat, 'How deep was I at the bottom?');
    expect(bottom).toMatch(/^_FilmRoom is not sure this clip shows a squat/);
    expect(bottom).toContain('107°');
  });

  it('asks which movement it is after an overview of a general reading with candidates', () => {
    const answer = composeAnswer(unrecognised, 'How did I do?');
    expect(answer).toMatch(
      /Is this a tennis serve or a vertical jump\? Choose it under Movement in the Analysis tab and I can coach it in its own words\.$/,
    );
  });
});

describe('the AI Coach when the movement is sure or chosen', () => {
  it.each([
    ['recognised at 90%', sureSquat],
    ['chosen by the coach', chosenSquat],
  ])(
    'says a squat %s has no impact, and suggests the golf swing as a likely correction',
    (_, clip) => {
      const answer = composeAnswer(clip, 'How is my posture at impact?');
      expect(answer).toMatch(/^This clip shows squat, which has no impact\./);
      expect(answer).toContain(
        'If this is a golf swing, choose it under Movement in the Analysis tab and I can talk about impact.',
      );
      expect(answer).not.toMatch(/not sure/);
    },
  );

  it('answers in the chosen movement’s words with no doubt added', () => {
    const answer = composeAnswer(chosenSquat, 'What should I fix first?');
    expect(answer).not.toMatch(/not sure|Choose it/i);
    expect(answer).toContain('107°');
  });
});

describe('the language model’s context', () => {
  it('marks a guessed movement as a guess, with the likely movements and what to do', () => {
    const [system] = modelMessages(guessedSquat, 'How is my posture at impact?');
    const content = String(system!.content);
    expect(content).toContain('"movementIsAGuess":true,"likelyMovements":["Squat","Golf swing"]');
    expect(content).toMatch(/"movementIsAGuess" is true.*ask which movement it is/);
    const [sure] = modelMessages(chosenSquat, 'How is my posture at impact?');
    expect(String(sure!.content)).toContain('"movementIsAGuess":false');
  });
});
