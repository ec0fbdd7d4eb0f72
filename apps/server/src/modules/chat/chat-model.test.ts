import { startChatCompletionsTestServer } from '@filmroom/coach/testing';
import type { ChatMessage } from '@filmroom/contract';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { registerAccount } from '../../../test/accounts';
import { askOverHttp, insertAnalysedSquats } from '../../../test/chat';
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
  videoId = await insertAnalysedSquats(ctx.runtime.deps, owner.user.id);
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
  'You did **3 reps**. Your deepest was rep 3 at 0:11 (knee angle 102°); ' +
  'rep 1 at 0:02 was the shallowest at 107°.';

describe('the AI Coach with a language model', () => {
  it("relays the model's stream as partial events and stores its answer", async () => {
    model.answer = () => ({ content: ANSWER, chunkSize: 7 });
    const result = await askOverHttp(origin, owner.cookie, videoId, 'How many squats did I do?');

    expect(result.status).toBe(200);
    const partials = result.events.filter((event) => event.type === 'partial');
    expect(partials.length).toBe(Math.ceil(ANSWER.length / 7));
    expect(result.answer).toBe(ANSWER);
    expect(result.events.at(-1)).toEqual({ type: 'complete' });
    expect(await history()).toEqual([
      { role: 'user', content: 'How many squats did I do?' },
      { role: 'assistant', content: ANSWER },
    ]);

    // The model got the configured model and key, the measurements and the question.
    const call = model.received.at(-1)!;
    expect(call.authorization).toBe('Bearer test-key');
    expect(call.body).toMatchObject({ model: 'coach-test', stream: true });
    const [system, ...turns] = call.body.messages;
    expect(system!.role).toBe('system');
    expect(system!.content).toContain('Use only facts and numbers from MEASUREMENTS');
    const measurements = JSON.parse(system!.content.split('MEASUREMENTS:\n')[1]!) as {
      athletes: { reps: { rep: number; bottom: string; kneeAngleAtBottom: number }[] }[];
    };
    expect(
      measurements.athletes[0]!.reps.map((r) => [r.rep, r.bottom, r.kneeAngleAtBottom]),
    ).toEqual([
      [1, '0:02', 107],
      [2, '0:06', 104],
      [3, '0:11', 102],
    ]);
    expect(turns).toEqual([{ role: 'user', content: 'How many squats did I do?' }]);
  });

  it('gives the model the conversation so far', async () => {
    model.answer = () => ({ content: ANSWER });
    await askOverHttp(origin, owner.cookie, videoId, 'How many squats did I do?');
    model.answer = () => ({ content: 'Rep 3: 102° at 0:11.' });
    await askOverHttp(origin, owner.cookie, videoId, 'And the last one?');
    const [, ...turns] = model.received.at(-1)!.body.messages;
    expect(turns).toEqual([
      { role: 'user', content: 'How many squats did I do?' },
      { role: 'assistant', content: ANSWER },
      { role: 'user', content: 'And the last one?' },
    ]);
  });

  it.each(['error-event', 'hang-up'] as const)(
    'turns a model failure mid-stream (%s) into an error event and stores no answer',
    async (end) => {
      model.answer = () => ({ content: ANSWER, chunkSize: 10, end });
      const result = await askOverHttp(origin, owner.cookie, videoId, 'How many squats?');

      expect(result.status).toBe(200);
      expect(result.answer.length).toBeGreaterThan(0);
      const last = result.events.at(-1)!;
      expect(last).toEqual({
        type: 'error',
        content: 'The AI Coach could not finish this answer. Try again in a moment.',
      });
      expect(result.events.filter((event) => event.type !== 'partial')).toEqual([last]);
      expect(await history()).toEqual([{ role: 'user', content: 'How many squats?' }]);
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
      const result = await askOverHttp(origin, owner.cookie, videoId, 'How many squats?');
      expect(result.status).toBe(200);
      expect(result.events).toEqual([{ type: 'error', content }]);
      expect(await history()).toEqual([{ role: 'user', content: 'How many squats?' }]);
    },
  );

  it("closes the model's stream at once when the asker leaves, and keeps no half answer", async () => {
    const long = 'Knee angle 107° at 0:02. '.repeat(20);
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
