import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analysePoses } from './index';
import { Narrator } from './narrator';
import { squatSet } from '../testing/synthetic-athlete';
import {
  startChatCompletionsTestServer,
  type ChatCompletionsTestServer,
} from '../testing/chat-completions-test-server';

let server: ChatCompletionsTestServer;
let baseUrl: string;
let reply: { status: number; content: string } = { status: 200, content: '' };

beforeAll(async () => {
  server = await startChatCompletionsTestServer(() =>
    reply.status === 200
      ? { content: reply.content }
      : { status: reply.status, message: 'model overloaded' },
  );
  baseUrl = server.baseUrl;
});
afterAll(() => server.close());

const analysis = analysePoses(squatSet([{ bottomKneeAngle: 85 }, { bottomKneeAngle: 118 }]));
// The shallowest rep's record, as every text quotes it (e.g. "118°").
const depth = analysis.readings[0]!.metrics.find((record) => record.id === 'a1.depth')!;

describe('Narrator', () => {
  it.each([false, true])(
    'uses the model wording when it keeps to the measurements (stream: %s)',
    async (stream) => {
      reply = {
        status: 200,
        content: `## How it went\nRep 2 stopped at ${depth.text}: sit deeper.\n---\nGood work; fix depth on rep 2.`,
      };
      const narrator = new Narrator({ baseUrl, apiKey: 'test-key', model: 'coach-small', stream });
      const narrative = await narrator.narrate(analysis, 'Keep it short for a beginner');
      expect(narrative).toEqual({
        textAnalysis: `## How it went\nRep 2 stopped at ${depth.text}: sit deeper.`,
        overallFeedback: 'Good work; fix depth on rep 2.',
        source: 'model',
      });
      const request = server.received.at(-1)!;
      expect(request.authorization).toBe('Bearer test-key');
      expect(request.body.model).toBe('coach-small');
      expect(Boolean(request.body.stream)).toBe(stream);
      const user = request.body.messages.find((m) => m.role === 'user')!.content;
      expect(user).toContain('MEASUREMENTS:');
      expect(user).toContain(`"movement":"Squat"`);
      expect(user).toContain(`"text":"${depth.text}"`);
      expect(user).toContain('COACH INSTRUCTIONS:\nKeep it short for a beginner');
      expect(request.body.messages[0]!.content).toMatch(/Never invent/);
      expect(request.body.messages[0]!.content).toMatch(/never give advice from another movement/);
    },
  );

  it('keeps the banner to what the reading did, whatever the model says it did', async () => {
    const asked = 'do not talk about the knees, focus on the arms';
    const steered = analysePoses(squatSet([{ bottomKneeAngle: 85 }, { bottomKneeAngle: 118 }]), {
      movement: 'squat',
      instructions: asked,
    });
    const banner = steered.textAnalysis.split('\n')[0]!;
    expect(banner).toBe('_As asked: focus on arms; leaving out legs._');
    reply = {
      status: 200,
      content:
        '**As asked:** focus on arms and knees.\n\n## Squat\nAs asked, here are your arms.\nStay tall.\n---\nGood.',
    };
    const narrative = await new Narrator({ baseUrl, apiKey: 'k', model: 'm' }).narrate(
      steered,
      asked,
    );
    expect(narrative.source).toBe('model');
    expect(narrative.textAnalysis).toBe(`${banner}\n\n## Squat\nStay tall.`);

    // Nothing applied: no banner, and none of the model's.
    const plain = await new Narrator({ baseUrl, apiKey: 'k', model: 'm' }).narrate(analysis, asked);
    expect(plain.textAnalysis).toBe('## Squat\nStay tall.');
  });

  it('falls back to the measured wording when the model invents a number', async () => {
    reply = {
      status: 200,
      content: '## Notes\nYour knee angle was 73° and you jumped 48 cm.\n---\nGreat.',
    };
    const narrative = await new Narrator({ baseUrl, apiKey: undefined, model: 'm' }).narrate(
      analysis,
    );
    expect(narrative).toEqual({
      textAnalysis: analysis.textAnalysis,
      overallFeedback: analysis.overallFeedback,
      source: 'measurements',
    });
  });

  it('falls back to the measured wording when the model service fails', async () => {
    reply = { status: 500, content: '' };
    const narrative = await new Narrator({ baseUrl, apiKey: 'k', model: 'm' }).narrate(analysis);
    expect(narrative.source).toBe('measurements');
    expect(narrative.textAnalysis).toBe(analysis.textAnalysis);
  });
});
