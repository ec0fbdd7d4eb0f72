import { analysePoses } from '@filmroom/coach';
import { ungroundedNumbers, type ChatContext } from '@filmroom/coach/chat';
import { squatsScan } from '@filmroom/coach/testing';
import type { ChatMessage, ChatStreamEvent, VideoDetail } from '@filmroom/contract';
import { setTimeout as sleep } from 'node:timers/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { registerAccount } from '../../../test/accounts';
import { askOverHttp, chatStreamParser, insertAnalysedSquats } from '../../../test/chat';
import { useTestApp } from '../../../test/test-app';
import { insertReadyVideo } from '../../../test/videos';
import { videoShares } from '../../db/schema';
import { findAnalysis } from '../analysis/analysis-store';

const ctx = useTestApp();
let origin: string;
beforeAll(async () => {
  origin = await ctx.app.listen({ host: '127.0.0.1', port: 0 });
});

// What the coach engine measures on the squats clip: the facts every answer must quote.
const measured = analysePoses(squatsScan());
const squatter = measured.athletes[0]!;
const clock = (seconds: number) =>
  `${Math.floor(seconds / 60)}:${String(Math.floor(seconds % 60)).padStart(2, '0')}`;

type Account = Awaited<ReturnType<typeof registerAccount>>;

async function shareWith(videoId: string, owner: Account, viewer: Account, level: 'view' | 'edit') {
  await ctx.database.db.insert(videoShares).values({
    videoId,
    sharedWithEmail: viewer.username,
    accessLevel: level,
    sharedById: owner.user.id,
  });
}

async function history(cookie: string, videoId: string) {
  const response = await ctx.app.inject({
    url: `/api/videos/${videoId}/chat`,
    headers: { cookie },
  });
  expect(response.statusCode).toBe(200);
  return response.json<ChatMessage[]>();
}

/** Asks and expects a whole answer: partial events, then `complete`. */
async function ask(cookie: string, videoId: string, message: string) {
  const result = await askOverHttp(origin, cookie, videoId, message);
  expect(result.status).toBe(200);
  expect(result.events.at(-1)).toEqual({ type: 'complete' });
  return result.answer;
}

/**
 * Every fact an answer about the squats clip may quote: the measurements, and the people the
 * scan detected (nobody identified: the clip's athlete has no account here).
 */
async function squatsFacts(videoId: string): Promise<ChatContext> {
  const row = await findAnalysis(ctx.database.db, videoId);
  return {
    video: { title: 'Back squats', duration: squatsScan().duration },
    analysis: measured,
    playerDetections: (row?.playerDetections ?? []).map((detection) => ({
      ...detection,
      name: null,
    })),
    annotations: [],
    history: [],
  };
}

describe('POST /api/videos/:id/chat', () => {
  it('answers as an event stream of data lines: partial pieces, then complete', async () => {
    const owner = await registerAccount(ctx.app);
    const videoId = await insertAnalysedSquats(ctx.runtime.deps, owner.user.id);

    const result = await askOverHttp(origin, owner.cookie, videoId, 'What should I work on first?');
    expect(result.status).toBe(200);
    expect(result.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(result.headers.get('cache-control')).toMatch(/^no-cache/);
    expect(result.headers.get('x-accel-buffering')).toBe('no');
    // Word by word: many pieces, each the next part of the answer, then exactly one complete.
    const partials = result.events.slice(0, -1);
    expect(partials.length).toBeGreaterThan(20);
    expect(partials.every((event) => event.type === 'partial')).toBe(true);
    expect(result.events.at(-1)).toEqual({ type: 'complete' });
    expect(result.answer).toMatch(/^\*\*Fix first: depth\.\*\*/);

    // Both turns are kept: the question as sent, the answer exactly as streamed.
    const turns = await history(owner.cookie, videoId);
    expect(turns.map(({ role, content }) => ({ role, content }))).toEqual([
      { role: 'user', content: 'What should I work on first?' },
      { role: 'assistant', content: result.answer },
    ]);
    for (const turn of turns) {
      expect(Object.keys(turn).sort()).toEqual(['content', 'createdAt', 'id', 'role']);
      expect(new Date(turn.createdAt).toISOString()).toBe(turn.createdAt);
    }
  });

  it('writes nothing but `data:` lines, each a JSON event followed by a blank line', async () => {
    const owner = await registerAccount(ctx.app);
    const videoId = await insertAnalysedSquats(ctx.runtime.deps, owner.user.id);
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/videos/${videoId}/chat`,
      headers: { cookie: owner.cookie },
      payload: { message: 'Is my knee angle OK?' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toMatch(/^(data: \{[^\n]*\}\n\n)+$/);
    const events = response.body
      .split('\n\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line.slice('data: '.length)) as ChatStreamEvent);
    expect(events.at(-1)).toEqual({ type: 'complete' });
    for (const event of events.slice(0, -1)) {
      expect(Object.keys(event).sort()).toEqual(['content', 'type']);
      expect(event.type).toBe('partial');
    }

    // A client gets the same events however the bytes are cut: here every 3 bytes, which
    // splits lines, JSON and the two-byte ° sign.
    const bytes = Buffer.from(response.body);
    const parser = chatStreamParser((line) => {
      throw new Error(`unparseable: ${line}`);
    });
    const parsed: ChatStreamEvent[] = [];
    for (let at = 0; at < bytes.length; at += 3) {
      parsed.push(...parser.push(bytes.subarray(at, at + 3)));
    }
    parsed.push(...parser.end());
    expect(parsed).toEqual(events);
    expect(response.body).toContain('°');
  });

  it('answers "how many squats?" with the measured rep count and each rep\'s numbers', async () => {
    const owner = await registerAccount(ctx.app);
    const videoId = await insertAnalysedSquats(ctx.runtime.deps, owner.user.id);
    const answer = await ask(owner.cookie, videoId, 'How many squats did I do?');

    expect(squatter.repetitions).toHaveLength(3);
    expect(answer).toMatch(new RegExp(`^\\*\\*${squatter.repetitions.length} reps\\*\\*`));
    for (const rep of squatter.repetitions) {
      expect(answer).toContain(`Rep ${rep.index}: ${clock(rep.start)}-${clock(rep.end)}`);
      expect(answer).toContain(`knee angle ${Math.round(rep.kneeAngleAtBottom!)}°`);
    }
    expect(ungroundedNumbers(await squatsFacts(videoId), answer)).toEqual([]);
  });

  it('answers "what happened at 0:05?" with what was measured around 0:05', async () => {
    const owner = await registerAccount(ctx.app);
    const videoId = await insertAnalysedSquats(ctx.runtime.deps, owner.user.id);
    const answer = await ask(owner.cookie, videoId, 'What happened at 0:05?');

    // 0:05 is the start of rep 2: the answer names it with its measured bottom.
    const rep = squatter.repetitions.find((r) => r.start <= 5 && 5 <= r.end)!;
    expect(rep.index).toBe(2);
    expect(answer).toContain('0:05');
    expect(answer).toContain(`Rep 2, ${clock(rep.start)}-${clock(rep.end)}`);
    expect(answer).toContain(
      `bottom at ${clock(rep.bottom)} with knee angle ${Math.round(rep.kneeAngleAtBottom!)}°`,
    );
    // The key metric's reading nearest 0:05, as measured.
    const [, kneeAt5] = measured.keyMetric!.samples.reduce((best, sample) =>
      Math.abs(sample[0] - 5) < Math.abs(best[0] - 5) ? sample : best,
    );
    expect(answer).toContain(`Knee angle at 0:05: ${Math.round(kneeAt5)}°`);
    expect(ungroundedNumbers(await squatsFacts(videoId), answer, 'What happened at 0:05?')).toEqual(
      [],
    );
  });

  it('says plainly that there is no analysis yet, before the clip is measured', async () => {
    const owner = await registerAccount(ctx.app);
    const videoId = await insertReadyVideo(ctx.runtime.deps, owner.user.id);
    const answer = await ask(owner.cookie, videoId, 'How many reps did I do?');
    expect(answer).toMatch(
      /^\*\*Match\*\* has not been analysed yet, so there are no measurements/,
    );
    expect(answer).not.toMatch(/\d+ reps/);
  });

  it.each([
    ['empty', { message: '' }, 'message must not be blank: type a question for the AI Coach'],
    [
      'blank',
      { message: '  \n\t ' },
      'message must not be blank: type a question for the AI Coach',
    ],
    ['missing', {}, 'message is required'],
    ['a number', { message: 42 }, 'message must be text'],
    ['too long', { message: 'x'.repeat(2001) }, 'message must be at most 2000 characters'],
  ])('refuses a message that is %s with 400 and stores nothing', async (_case, body, message) => {
    const owner = await registerAccount(ctx.app);
    const videoId = await insertReadyVideo(ctx.runtime.deps, owner.user.id);
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/videos/${videoId}/chat`,
      headers: { cookie: owner.cookie },
      payload: body,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
    expect(await history(owner.cookie, videoId)).toEqual([]);
  });

  it('keeps the question trimmed', async () => {
    const owner = await registerAccount(ctx.app);
    const videoId = await insertAnalysedSquats(ctx.runtime.deps, owner.user.id);
    await ask(owner.cookie, videoId, '  How many reps?  ');
    expect((await history(owner.cookie, videoId))[0]!.content).toBe('How many reps?');
  });

  it('lets anyone who may view the video chat, and nobody else', async () => {
    const owner = await registerAccount(ctx.app);
    const viewer = await registerAccount(ctx.app);
    const stranger = await registerAccount(ctx.app);
    const videoId = await insertAnalysedSquats(ctx.runtime.deps, owner.user.id);
    await shareWith(videoId, owner, viewer, 'view');

    expect(await ask(viewer.cookie, videoId, 'How many reps did I do?')).toContain('3 reps');

    const asStranger = await askOverHttp(origin, stranger.cookie, videoId, 'How many reps?');
    expect(asStranger.status).toBe(404);
    expect(asStranger.error).toEqual({ message: 'Video not found' });
    const signedOut = await askOverHttp(origin, undefined, videoId, 'How many reps?');
    expect(signedOut.status).toBe(401);
    expect(signedOut.error).toEqual({ message: 'You need to sign in' });
    for (const method of ['GET', 'DELETE'] as const) {
      const url = `/api/videos/${videoId}/chat`;
      const strangers = await ctx.app.inject({ method, url, headers: { cookie: stranger.cookie } });
      expect(strangers.statusCode).toBe(404);
      expect((await ctx.app.inject({ method, url })).statusCode).toBe(401);
    }
    // A question the server refused is nobody's history.
    expect(await history(owner.cookie, videoId)).toEqual([]);
  });

  it('stops the built-in coach at once when the asker leaves, and keeps no half answer', async () => {
    const owner = await registerAccount(ctx.app);
    const other = await registerAccount(ctx.app);
    const videoId = await insertAnalysedSquats(ctx.runtime.deps, owner.user.id);
    await shareWith(videoId, owner, other, 'view');
    const question = 'What should I work on first?';

    const started = performance.now();
    const left = await askOverHttp(origin, owner.cookie, videoId, question, (events) =>
      events.some((event) => event.type === 'partial'),
    );
    expect(left.status).toBe(200);
    expect(left.events.every((event) => event.type === 'partial')).toBe(true);

    // The whole answer, for comparison, takes about a second at the coach's typing pace.
    const whole = await ask(other.cookie, videoId, question);
    const wholeMs = performance.now() - started;
    expect(whole.startsWith(left.answer)).toBe(true);
    expect(left.answer.length).toBeLessThan(whole.length / 4);
    // Had the answer gone on after the asker left, it would be complete and stored by now.
    await sleep(Math.max(500, wholeMs));
    expect((await history(owner.cookie, videoId)).map((turn) => turn.role)).toEqual(['user']);

    // Asking again works as ever.
    expect(await ask(owner.cookie, videoId, question)).toBe(whole);
    expect((await history(owner.cookie, videoId)).map((turn) => turn.role)).toEqual([
      'user',
      'user',
      'assistant',
    ]);
  });

  it('limits how many questions one account asks a minute', async () => {
    const owner = await registerAccount(ctx.app);
    const other = await registerAccount(ctx.app);
    const videoId = await insertReadyVideo(ctx.runtime.deps, owner.user.id);
    await shareWith(videoId, owner, other, 'view');
    const statuses = await Promise.all(
      Array.from({ length: 21 }, () =>
        askOverHttp(origin, owner.cookie, videoId, 'Thanks!').then((result) => result.status),
      ),
    );
    expect(statuses.filter((status) => status === 200)).toHaveLength(20);
    const refused = await askOverHttp(origin, owner.cookie, videoId, 'Thanks!');
    expect(refused.status).toBe(429);
    expect(refused.error!.message).toMatch(
      /^Too many questions to the AI Coach from this account\. Try again in (\d+ seconds?|1 minute)\.$/,
    );
    // Someone else's questions are their own.
    expect((await askOverHttp(origin, other.cookie, videoId, 'Thanks!')).status).toBe(200);
  });
});

describe('the history: GET and DELETE /api/videos/:id/chat', () => {
  it("is each person's own, per video, and clearing it clears only mine", async () => {
    const owner = await registerAccount(ctx.app);
    const viewer = await registerAccount(ctx.app);
    const first = await insertAnalysedSquats(ctx.runtime.deps, owner.user.id, 'Monday');
    const second = await insertAnalysedSquats(ctx.runtime.deps, owner.user.id, 'Tuesday');
    await shareWith(first, owner, viewer, 'view');
    await shareWith(second, owner, viewer, 'edit');

    await ask(owner.cookie, first, 'How many reps did I do?');
    await ask(viewer.cookie, first, 'What should I work on first?');
    await ask(owner.cookie, second, 'Thanks!');
    const questions = async (cookie: string, videoId: string) =>
      (await history(cookie, videoId)).filter((t) => t.role === 'user').map((t) => t.content);

    expect(await questions(owner.cookie, first)).toEqual(['How many reps did I do?']);
    expect(await questions(viewer.cookie, first)).toEqual(['What should I work on first?']);
    expect(await questions(owner.cookie, second)).toEqual(['Thanks!']);
    expect(await history(viewer.cookie, second)).toEqual([]);

    const cleared = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/videos/${first}/chat`,
      headers: { cookie: viewer.cookie },
    });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toEqual({ message: 'Chat history cleared successfully' });
    expect(await history(viewer.cookie, first)).toEqual([]);
    expect(await history(owner.cookie, first)).toHaveLength(2);
    expect(await history(owner.cookie, second)).toHaveLength(2);

    // The owner's own clear is just as narrow.
    await ctx.app.inject({
      method: 'DELETE',
      url: `/api/videos/${second}/chat`,
      headers: { cookie: owner.cookie },
    });
    expect(await history(owner.cookie, second)).toEqual([]);
    expect(await history(owner.cookie, first)).toHaveLength(2);
  });

  it('feeds the conversation so far to the next answer (a follow-up about the last rep)', async () => {
    const owner = await registerAccount(ctx.app);
    const videoId = await insertAnalysedSquats(ctx.runtime.deps, owner.user.id);
    await ask(owner.cookie, videoId, 'How many reps did I do?');
    const followUp = await ask(owner.cookie, videoId, 'And the last one?');
    const last = squatter.repetitions.at(-1)!;
    expect(followUp).toContain(`${Math.round(last.kneeAngleAtBottom!)}°`);
  });

  it('goes with the video', async () => {
    const owner = await registerAccount(ctx.app);
    const videoId = await insertAnalysedSquats(ctx.runtime.deps, owner.user.id);
    await ask(owner.cookie, videoId, 'Thanks!');
    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/videos/${videoId}`,
      headers: { cookie: owner.cookie },
    });
    expect(deleted.statusCode).toBe(200);
    const { rows } = await ctx.database.pool.query(
      'select count(*)::int as n from chat_messages where video_id = $1',
      [videoId],
    );
    expect(rows[0].n).toBe(0);
  });
});

describe('suggested prompts (GET /api/videos/:id, suggestedPrompts)', () => {
  it("start from the clip's weakest measured moment, and the coach answers each", async () => {
    const owner = await registerAccount(ctx.app);
    const videoId = await insertAnalysedSquats(ctx.runtime.deps, owner.user.id);
    const detail = await ctx.app.inject({
      url: `/api/videos/${videoId}`,
      headers: { cookie: owner.cookie },
    });
    const { suggestedPrompts } = detail.json<VideoDetail>();
    const shallowest = squatter.repetitions[0]!;
    expect(suggestedPrompts[0]).toBe(
      `Why was my knee angle ${Math.round(shallowest.kneeAngleAtBottom!)}° at ${clock(shallowest.bottom)}?`,
    );
    expect(suggestedPrompts).toContain('How many reps did I do?');
    expect(suggestedPrompts.length).toBeGreaterThanOrEqual(3);

    const facts = await squatsFacts(videoId);
    for (const prompt of suggestedPrompts) {
      const answer = await ask(owner.cookie, videoId, prompt);
      expect(answer.length, prompt).toBeGreaterThan(40);
      expect(ungroundedNumbers(facts, answer, prompt), prompt).toEqual([]);
    }
  });

  it('are general questions until the clip is analysed', async () => {
    const owner = await registerAccount(ctx.app);
    const videoId = await insertReadyVideo(ctx.runtime.deps, owner.user.id);
    const detail = await ctx.app.inject({
      url: `/api/videos/${videoId}`,
      headers: { cookie: owner.cookie },
    });
    expect(detail.json<VideoDetail>().suggestedPrompts).toEqual([
      'What should I work on first?',
      'How many reps did I do?',
      'What can you answer?',
    ]);
  });
});

describe('reading the stream (as the web client does)', () => {
  it('joins a line split across chunks and only reports lines it cannot read', () => {
    const unreadable: string[] = [];
    const parser = chatStreamParser((line) => unreadable.push(line));
    const events = [
      ...parser.push('data: {"type":"partial","con'),
      ...parser.push('tent":"Knee 9'),
      ...parser.push('0°"}\n'),
      ...parser.push('\ndata: {"type":"partial","content":" at 0:05"}\n\ndata: {oops\n\n'),
      ...parser.push('data: {"type":"complete"}'),
      ...parser.end(),
    ];
    expect(events).toEqual([
      { type: 'partial', content: 'Knee 90°' },
      { type: 'partial', content: ' at 0:05' },
      { type: 'complete' },
    ]);
    expect(unreadable).toEqual(['data: {oops']);
  });
});
