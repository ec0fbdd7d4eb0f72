import { golfContext, startChatCompletionsTestServer } from '@filmroom/coach/testing';
import type { ChatMessage } from '@filmroom/contract';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { registerAccount } from '../../../test/accounts';
import { askOverHttp, insertAnalysedClip } from '../../../test/chat';
import { useTestApp } from '../../../test/test-app';

// The AI Coach with a language model configured (LLM_*), against a local server speaking
// OpenAI's chat-completions protocol: the real `openai` client, real connections.
const model = await startChatCompletionsTestServer();
afterAll(() => model.close());
const ctx = useTestApp({
  LLM_BASE_URL: model.baseUrl,
  LLM_API_KEY: 'test-key',
  LLM_MODEL: 'coach-test',
});

let origin: string;
let owner: Awaited<ReturnType<typeof registerAccount>>;
let videoId: string;
beforeAll(async () => {
  origin = await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  owner = await registerAccount(ctx.app);
  videoId = await insertAnalysedClip(ctx.runtime.deps, owner.user.id, golfContext().analysis!);
});
beforeEach(async () => {
  await ctx.app.inject({
    method: 'DELETE',
    url: `/api/videos/${videoId}/chat`,
    headers: { cookie: owner.cookie },
  });
});

async function history() {
  const response = await ctx.app.inject({
    url: `/api/videos/${videoId}/chat`,
    headers: { cookie: owner.cookie },
  });
  return response.json<ChatMessage[]>().map(({ role, content }) => ({ role, content }));
}

const ANSWER =
  'At impact (0:04.4) you had lost **12°** of forward bend (target under 10°); ' +
  'your tempo was 2.1:1.';

describe('the AI Coach with a language model', () => {
  it("relays the model's stream as partial events and stores its answer", async () => {
    model.answer = () => ({ content: ANSWER, chunkSize: 7 });
    const result = await askOverHttp(origin, owner.cookie, videoId, 'How is my posture at impact?');

    expect(result.status).toBe(200);
    const partials = result.events.filter((event) => event.type === 'partial');
    expect(partials.length).toBe(Math.ceil(ANSWER.length / 7));
    expect(result.answer).toBe(ANSWER);
    expect(result.events.at(-1)).toEqual({ type: 'complete' });
    expect(await history()).toEqual([
      { role: 'user', content: 'How is my posture at impact?' },
      { role: 'assistant', content: ANSWER },
    ]);

    // The model got the configured model and key, the measurements and the question.
    const call = model.received.at(-1)!;
    expect(call.authorization).toBe('Bearer test-key');
    expect(call.body).toMatchObject({ model: 'coach-test', stream: true });
    const [system, ...turns] = call.body.messages;
    expect(system!.role).toBe('system');
    expect(system!.content).toContain('Use only facts and numbers from MEASUREMENTS');
    // The stored readings, as the row holds them: key moments and each record's own text.
    const measurements = JSON.parse(system!.content.split('MEASUREMENTS:\n')[1]!) as {
      athletes: {
        movement: string;
        keyMoments: { moment: string; time: string }[];
        metrics: { name: string; value: string; atMoment: string | null }[];
      }[];
    };
    const [golfer] = measurements.athletes;
    expect(golfer!.movement).toBe('Golf swing');
    expect(golfer!.keyMoments.map((m) => [m.moment, m.time])).toEqual([
      ['address', '0:01.2'],
      ['top', '0:04.1'],
      ['impact', '0:04.4'],
      ['finish', '0:05.3'],
    ]);
    expect(golfer!.metrics).toContainEqual(
      expect.objectContaining({
        name: 'Forward bend lost by impact',
        value: '12°',
        atMoment: 'Impact',
      }),
    );
    expect(turns).toEqual([{ role: 'user', content: 'How is my posture at impact?' }]);
  });

  it('gives the model the conversation so far', async () => {
    model.answer = () => ({ content: ANSWER });
    await askOverHttp(origin, owner.cookie, videoId, 'How is my posture at impact?');
    model.answer = () => ({ content: 'At the top (0:04.1): trunk lean 34°.' });
    await askOverHttp(origin, owner.cookie, videoId, 'And at the top?');
    const [, ...turns] = model.received.at(-1)!.body.messages;
    expect(turns).toEqual([
      { role: 'user', content: 'How is my posture at impact?' },
      { role: 'assistant', content: ANSWER },
      { role: 'user', content: 'And at the top?' },
    ]);
  });

  it.each(['error-event', 'hang-up'] as const)(
    'turns a model failure mid-stream (%s) into an error event and stores no answer',
    async (end) => {
      model.answer = () => ({ content: ANSWER, chunkSize: 10, end });
      const result = await askOverHttp(origin, owner.cookie, videoId, 'What is my tempo?');

      expect(result.status).toBe(200);
      expect(result.answer.length).toBeGreaterThan(0);
      const last = result.events.at(-1)!;
      expect(last).toEqual({
        type: 'error',
        content: 'The AI Coach could not finish this answer. Try again in a moment.',
      });
      expect(result.events.filter((event) => event.type !== 'partial')).toEqual([last]);
      expect(await history()).toEqual([{ role: 'user', content: 'What is my tempo?' }]);
    },
  );

  it.each([
    [
      401,
      "The AI Coach's language model refused the request. Ask whoever runs this FilmRoom server to check its LLM settings.",
    ],
    [429, "The AI Coach's language model is busy. Try again in a moment."],
    [500, 'The AI Coach could not finish this answer. Try again in a moment.'],
  ])(
    'answers a model that refuses with %i by an error event in words for the asker',
    async (status, content) => {
      model.answer = () => ({ status, message: 'Incorrect API key provided: sk-secret' });
      const result = await askOverHttp(origin, owner.cookie, videoId, 'What is my tempo?');
      expect(result.status).toBe(200);
      expect(result.events).toEqual([{ type: 'error', content }]);
      expect(await history()).toEqual([{ role: 'user', content: 'What is my tempo?' }]);
    },
  );

  it("closes the model's stream at once when the asker leaves, and keeps no half answer", async () => {
    const long = 'Tempo was 2.1:1 at 0:04. '.repeat(20);
    model.answer = () => ({ content: long, chunkSize: 5, delayMs: 20 });
    const pieces = Math.ceil(long.length / 5);
    const result = await askOverHttp(
      origin,
      owner.cookie,
      videoId,
      'Tell me everything',
      (events) => events.some((event) => event.type === 'partial'),
    );
    expect(result.events.length).toBeGreaterThan(0);

    const call = model.received.at(-1)!;
    expect(await call.closed).toEqual({ early: true });
    // Stopped within a few pieces of the asker leaving, far from the whole answer.
    expect(call.deltasWritten).toBeLessThan(10);
    expect(pieces).toBe(100);
    await sleep(300);
    expect(await history()).toEqual([{ role: 'user', content: 'Tell me everything' }]);
  });
});
