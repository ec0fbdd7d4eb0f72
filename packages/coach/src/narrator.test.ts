import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analysePoses } from './index';
import { Narrator } from './narrator';
import { jumpSet, squatSet } from './synthetic-athlete';

/**
 * A small local server speaking the OpenAI chat-completions protocol (plain and streamed), so
 * the real `openai` client is exercised without a hosted model.
 */
type Received = {
  authorization?: string;
  body: { model: string; stream?: boolean; messages: { role: string; content: string }[] };
};
let reply: { status: number; content: string } = { status: 200, content: '' };
const received: Received[] = [];
let server: http.Server;
let baseUrl: string;

beforeAll(async () => {
  server = http.createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk) => (raw += chunk));
    request.on('end', () => {
      const body = JSON.parse(raw) as Received['body'];
      received.push({ authorization: request.headers.authorization, body });
      if (request.url !== '/v1/chat/completions') {
        response.writeHead(404).end();
        return;
      }
      if (reply.status !== 200) {
        response.writeHead(reply.status, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ error: { message: 'model overloaded' } }));
        return;
      }
      const base = { id: 'chatcmpl-1', created: 1, model: body.model };
      if (!body.stream) {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify({
            ...base,
            object: 'chat.completion',
            choices: [
              {
                index: 0,
                finish_reason: 'stop',
                message: { role: 'assistant', content: reply.content },
              },
            ],
          }),
        );
        return;
      }
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      for (const piece of reply.content.match(/[\s\S]{1,12}/g) ?? []) {
        const chunk = {
          ...base,
          object: 'chat.completion.chunk',
          choices: [{ index: 0, delta: { content: piece }, finish_reason: null }],
        };
        response.write(`data: ${JSON.stringify(chunk)}\n\n`);
      }
      response.end('data: [DONE]\n\n');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const analysis = analysePoses(squatSet([{ bottomKneeAngle: 85 }, { bottomKneeAngle: 118 }]));
const shallowAngle = Math.round(analysis.athletes[0]!.repetitions[1]!.kneeAngleAtBottom!);

describe('Narrator', () => {
  it.each([false, true])(
    'uses the model wording when it keeps to the measurements (stream: %s)',
    async (stream) => {
      reply = {
        status: 200,
        content: `## How it went\nRep 2 stopped at ${shallowAngle}°: sit deeper.\n---\nGood work; fix depth on rep 2.`,
      };
      const narrator = new Narrator({ baseUrl, apiKey: 'test-key', model: 'coach-small', stream });
      const narrative = await narrator.narrate(analysis, 'Keep it short for a beginner');
      expect(narrative).toEqual({
        textAnalysis: `## How it went\nRep 2 stopped at ${shallowAngle}°: sit deeper.`,
        overallFeedback: 'Good work; fix depth on rep 2.',
        source: 'model',
      });
      const request = received.at(-1)!;
      expect(request.authorization).toBe('Bearer test-key');
      expect(request.body.model).toBe('coach-small');
      expect(Boolean(request.body.stream)).toBe(stream);
      const user = request.body.messages.find((m) => m.role === 'user')!.content;
      expect(user).toContain('MEASUREMENTS:');
      expect(user).toContain(
        `"kneeAngleAtBottom":${analysis.athletes[0]!.repetitions[1]!.kneeAngleAtBottom}`,
      );
      expect(user).toContain('COACH INSTRUCTIONS:\nKeep it short for a beginner');
      expect(request.body.messages[0]!.content).toMatch(/Never invent/);
    },
  );

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

  it('lets the model repeat the jump, arm and landing numbers the analysis printed', async () => {
    const jumps = analysePoses(
      jumpSet([{ airTime: 0.5, landingKneeAngle: 165, arms: { raise: 170, elbowAngle: 130 } }]),
    );
    const [jump] = jumps.athletes[0]!.jumps;
    const rise = jump!.hipRise.toFixed(2);
    const percent = Math.round(jump!.hipRise * 100);
    const air = jump!.airTime.toFixed(2);
    const knees = Math.round(jump!.landingKneeAngle!);
    const text = `## Your jump\nHips up ${rise} body lengths (${percent} %), ${air} s of air, arms at 130°, landing at ${knees}° (aim past 150°).`;
    reply = { status: 200, content: `${text}\n---\nSoften that landing.` };
    const narrator = new Narrator({ baseUrl, apiKey: 'k', model: 'm' });
    expect((await narrator.narrate(jumps)).source).toBe('model');

    reply = { status: 200, content: `${text} That is about 31 cm.\n---\nSoften that landing.` };
    expect((await narrator.narrate(jumps)).source).toBe('measurements');
  });

  it('falls back to the measured wording when the model service fails', async () => {
    reply = { status: 500, content: '' };
    const narrative = await new Narrator({ baseUrl, apiKey: 'k', model: 'm' }).narrate(analysis);
    expect(narrative.source).toBe('measurements');
    expect(narrative.textAnalysis).toBe(analysis.textAnalysis);
  });
});
