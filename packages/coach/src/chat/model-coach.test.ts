import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { squatsContext, unanalysedContext } from '../testing/chat-contexts';
import {
  startChatCompletionsTestServer,
  type ChatCompletionsTestServer,
} from '../testing/chat-completions-test-server';
import type { ChatContext } from './context';
import { ChatAbortedError, ChatModelError } from './errors';
import { streamModelAnswer } from './model-coach';

let server: ChatCompletionsTestServer;
beforeAll(async () => {
  server = await startChatCompletionsTestServer();
});
afterAll(() => server.close());

const settings = () => ({ baseUrl: server.baseUrl, apiKey: 'test-key', model: 'coach-small' });
const context: ChatContext = {
  ...squatsContext(),
  history: [
    { role: 'user', content: 'How many reps did I do?' },
    { role: 'assistant', content: '3 reps.' },
  ],
};
const rep1 = context.analysis!.athletes[0]!.repetitions[0]!;

async function collect(stream: AsyncIterable<string>, onDelta?: (deltas: string[]) => void) {
  const deltas: string[] = [];
  for await (const delta of stream) {
    deltas.push(delta);
    onDelta?.(deltas);
  }
  return deltas;
}

/** What the iterable threw, and the deltas it gave before. */
async function failure(stream: AsyncIterable<string>, onDelta?: (deltas: string[]) => void) {
  const deltas: string[] = [];
  try {
    for await (const delta of stream) {
      deltas.push(delta);
      onDelta?.(deltas);
    }
  } catch (error) {
    return { error, deltas };
  }
  throw new Error(`the stream ended without an error after ${deltas.join('')}`);
}

describe('streamModelAnswer', () => {
  it('relays the model’s streamed deltas, given the measured context and the conversation', async () => {
    const content = 'Rep 1 reached 107° at 0:02: sink a little lower next time.';
    server.answer = () => ({ content, chunkSize: 6 });
    const deltas = await collect(
      streamModelAnswer(settings(), context, 'What should I fix first?'),
    );
    expect(deltas.length).toBeGreaterThan(5);
    expect(deltas.join('')).toBe(content);

    const request = server.received.at(-1)!;
    expect(request.authorization).toBe('Bearer test-key');
    expect(request.body).toMatchObject({ model: 'coach-small', stream: true });
    const [system, ...turns] = request.body.messages;
    expect(system!.role).toBe('system');
    expect(system!.content).toMatch(/Use only facts and numbers from MEASUREMENTS/);
    expect(system!.content).toMatch(/Cite moments as m:ss/);
    expect(system!.content).toMatch(/say so plainly/);
    const measurements = JSON.parse(system!.content.split('MEASUREMENTS:\n')[1]!);
    expect(measurements.athletes[0].reps[0]).toMatchObject({
      rep: 1,
      bottom: '0:02',
      kneeAngleAtBottom: Math.round(rep1.kneeAngleAtBottom!),
    });
    expect(measurements.coachingPoints[0]).toMatchObject({
      time: '0:02',
      title: 'Rep 1: sit deeper',
    });
    expect(measurements.detectedPlayers[0]).toMatchObject({
      name: 'Alex Kim',
      jerseyNumbers: ['7'],
    });
    expect(measurements.notes[0]).toMatchObject({ time: '0:01', author: 'Coach Sam' });
    expect(measurements.keyMetric.samples.length).toBeGreaterThan(10);
    // The conversation comes as turns after the system prompt, the question last.
    expect(turns).toEqual([
      { role: 'user', content: 'How many reps did I do?' },
      { role: 'assistant', content: '3 reps.' },
      { role: 'user', content: 'What should I fix first?' },
    ]);
  });

  it('tells the model when the clip is not analysed yet', async () => {
    server.answer = () => ({ content: 'Not analysed yet.' });
    await collect(streamModelAnswer(settings(), unanalysedContext(), 'how many reps?'));
    const system = server.received.at(-1)!.body.messages[0]!.content;
    const measurements = JSON.parse(system.split('MEASUREMENTS:\n')[1]!);
    expect(measurements).toMatchObject({ analysed: false, athletes: [], coachingPoints: [] });
  });

  it('closes the connection the moment the signal fires, and reads no more', async () => {
    const content = 'word '.repeat(200);
    server.answer = () => ({ content, chunkSize: 5, delayMs: 10 });
    const controller = new AbortController();
    const { error, deltas } = await failure(
      streamModelAnswer(settings(), context, 'Tell me everything', controller.signal),
      (seen) => {
        if (seen.length === 3) controller.abort();
      },
    );
    expect(error).toBeInstanceOf(ChatAbortedError);
    expect(deltas).toHaveLength(3);
    const request = server.received.at(-1)!;
    expect(await request.closed).toEqual({ early: true });
    // The server stopped writing: far fewer deltas than the answer had.
    expect(request.deltasWritten).toBeLessThan(10);
  });

  it('closes the connection when the reader stops early', async () => {
    server.answer = () => ({ content: 'word '.repeat(200), chunkSize: 5, delayMs: 10 });
    for await (const delta of streamModelAnswer(settings(), context, 'Tell me everything')) {
      expect(delta).toBe('word ');
      break;
    }
    expect(await server.received.at(-1)!.closed).toEqual({ early: true });
  });

  it('makes no request once the signal has fired', async () => {
    const before = server.received.length;
    const { error } = await failure(
      streamModelAnswer(settings(), context, 'hi', AbortSignal.abort()),
    );
    expect(error).toBeInstanceOf(ChatAbortedError);
    expect(server.received.length).toBe(before);
  });

  it('throws a ChatModelError when the model fails mid-stream, after relaying what came', async () => {
    server.answer = () => ({ content: 'Rep 1 reached', chunkSize: 5, end: 'error-event' });
    const midStream = await failure(streamModelAnswer(settings(), context, 'What should I fix?'));
    expect(midStream.error).toBeInstanceOf(ChatModelError);
    expect((midStream.error as ChatModelError).message).toMatch(/The model crashed/);
    expect(midStream.deltas.join('')).toBe('Rep 1 reached');

    server.answer = () => ({ content: 'Rep 1 reached', chunkSize: 5, end: 'hang-up' });
    const hungUp = await failure(streamModelAnswer(settings(), context, 'What should I fix?'));
    expect(hungUp.error).toBeInstanceOf(ChatModelError);
    expect(hungUp.deltas.join('')).toBe('Rep 1 reached');
  });

  it('throws a ChatModelError when the model service refuses or says nothing', async () => {
    server.answer = () => ({ status: 503, message: 'model overloaded' });
    const refused = await failure(streamModelAnswer(settings(), context, 'hi'));
    expect(refused.error).toBeInstanceOf(ChatModelError);
    expect(refused.error).toMatchObject({ status: 503 });
    expect((refused.error as Error).message).toMatch(/model overloaded/);

    server.answer = () => ({ content: '' });
    const empty = await failure(streamModelAnswer(settings(), context, 'hi'));
    expect(empty.error).toBeInstanceOf(ChatModelError);

    const unreachable = await failure(
      streamModelAnswer({ ...settings(), baseUrl: 'http://127.0.0.1:9/v1' }, context, 'hi'),
    );
    expect(unreachable.error).toBeInstanceOf(ChatModelError);
  });
});
