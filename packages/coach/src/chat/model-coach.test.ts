import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guideFor } from '../movements/catalogue';
import { golfContext, unanalysedContext } from '../../testing/chat-contexts';
import {
  startChatCompletionsTestServer,
  type ChatCompletionsTestServer,
} from '../../testing/chat-completions-test-server';
import type { ChatContext } from './context';
import { ChatAbortedError, ChatModelError } from './errors';
import { ungroundedNumbers } from './grounding';
import { streamModelAnswer } from './model-coach';

let server: ChatCompletionsTestServer;
beforeAll(async () => {
  server = await startChatCompletionsTestServer();
});
afterAll(() => server.close());

const settings = () => ({ baseUrl: server.baseUrl, apiKey: 'test-key', model: 'coach-small' });
const context: ChatContext = {
  ...golfContext(),
  playerDetections: [
    { timestamp: 1, name: 'Alex Kim', jerseyNumber: '7', jerseyColor: 'red', confidence: 0.91 },
  ],
  annotations: [{ timestamp: 1, content: 'Nice setup', author: 'Coach Sam', sentiment: null }],
  history: [
    { role: 'user', content: 'What is my tempo?' },
    { role: 'assistant', content: '2.1:1 at impact.' },
  ],
};

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
  it('relays the model’s streamed deltas, given the readings and the conversation', async () => {
    const content = 'At impact (0:04.4) you lost 12° of forward bend: stay bent over the ball.';
    server.answer = () => ({ content, chunkSize: 6 });
    const deltas = await collect(
      streamModelAnswer(settings(), context, 'How is my posture at impact?'),
    );
    expect(deltas.length).toBeGreaterThan(5);
    expect(deltas.join('')).toBe(content);

    const request = server.received.at(-1)!;
    expect(request.authorization).toBe('Bearer test-key');
    expect(request.body).toMatchObject({ model: 'coach-small', stream: true });
    const [system, ...turns] = request.body.messages;
    expect(system!.role).toBe('system');
    expect(system!.content).toMatch(/Use only facts and numbers from MEASUREMENTS/);
    expect(system!.content).toMatch(/never give a metric measured at another moment/);
    expect(system!.content).toMatch(/Suggest drills only from a metric's "drills"/);
    const measurements = JSON.parse(system!.content.split('MEASUREMENTS:\n')[1]!);
    const [golfer] = measurements.athletes;
    expect(golfer).toMatchObject({
      athlete: 1,
      name: 'Alex Kim',
      movement: 'Golf swing',
      cameraView: 'down the line',
    });
    // The key moments with their times, written as the answers write them.
    expect(golfer.keyMoments).toEqual([
      { moment: 'address', label: 'Address', time: '0:01.2' },
      { moment: 'top', label: 'Top of the backswing', time: '0:04.1' },
      { moment: 'impact', label: 'Impact', time: '0:04.4' },
      { moment: 'finish', label: 'Finish', time: '0:05.3' },
    ]);
    // Each metric as its record's text, at its own moment; a fault with the golf swing's drills.
    const lost = golfer.metrics.find(
      (m: { name: string }) => m.name === 'Forward bend lost by impact',
    );
    const fault = guideFor('golf_swing').faults.find((f) => f.topic === 'posture')!;
    expect(lost).toMatchObject({
      value: '12°',
      time: '0:04.4',
      atMoment: 'Impact',
      target: 'under 10°',
      verdict: 'outside the target',
      fault: fault.title,
      drills: fault.drills,
    });
    const top = golfer.metrics.find((m: { name: string }) => m.name === 'Trunk lean at the top');
    expect(top).toMatchObject({ value: '34°', time: '0:04.1', atMoment: 'Top of the backswing' });
    expect(top.drills).toBeUndefined();
    expect(JSON.stringify(measurements)).not.toMatch(/"value":\s*\d/);
    expect(measurements.coachingPoints[0]).toMatchObject({ time: '0:04.4', athlete: 'Alex Kim' });
    expect(measurements.detectedPlayers[0]).toMatchObject({
      name: 'Alex Kim',
      jerseyNumbers: ['7'],
    });
    expect(measurements.notes[0]).toMatchObject({ time: '0:01.0', author: 'Coach Sam' });
    // The model's answer quotes only what the readings hold.
    expect(ungroundedNumbers(context, content)).toEqual([]);
    // The conversation comes as turns after the system prompt, the question last.
    expect(turns).toEqual([
      { role: 'user', content: 'What is my tempo?' },
      { role: 'assistant', content: '2.1:1 at impact.' },
      { role: 'user', content: 'How is my posture at impact?' },
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
