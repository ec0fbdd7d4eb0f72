import {
  composeAnswer,
  suggestedPrompts as promptsFor,
  ungroundedNumbers,
  type ChatAnalysis,
  type ChatContext,
} from '@filmroom/coach/chat';
import {
  golfContext,
  runningContext,
  squatsScan,
  twoGolfersContext,
} from '@filmroom/coach/testing';
import type { ChatMessage, ChatStreamEvent, VideoDetail } from '@filmroom/contract';
import { setTimeout as sleep } from 'node:timers/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { registerAccount } from '../../../test/accounts';
import {
  askOverHttp,
  chatStreamParser,
  insertAnalysedClip,
  insertAnalysedSquats,
  storeAnalysis,
} from '../../../test/chat';
import { useTestApp } from '../../../test/test-app';
import { insertReadyVideo } from '../../../test/videos';
import { videoShares } from '../../db/schema';
import { findAnalysis } from '../analysis/analysis-store';
import { scanKey } from '../analysis/scan-keys';

const ctx = useTestApp();
let origin: string;
beforeAll(async () => {
  origin = await ctx.app.listen({ host: '127.0.0.1', port: 0 });
});

// The stored analyses the chat answers from: a golf swing (top at 0:04.1, impact at 0:04.4,
// a posture measure at each) and a run. Every number an answer gives is one of their records'.
const golf = golfContext();
const golfAnalysis = golf.analysis!;
const golfer = golfAnalysis.athletes[0]!;
const run = runningContext();

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

/** A golf clip of the owner's, analysed, as the chat finds it in the database. */
const golfClip = (owner: Account, title?: string) =>
  insertAnalysedClip(ctx.runtime.deps, owner.user.id, golfAnalysis, { title });

/** What the coach may quote about a stored clip: its analysis, nobody detected, no notes. */
const facts = (
  analysis: ChatAnalysis,
  title = 'Driver, range session',
  duration = 7,
): ChatContext => ({
  video: { title, duration },
  analysis,
  playerDetections: [],
  annotations: [],
  history: [],
});

describe('POST /api/videos/:id/chat', () => {
  it('answers as an event stream of data lines: partial pieces, then complete', async () => {
    const owner = await registerAccount(ctx.app);
    const videoId = await golfClip(owner);

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
    expect(result.answer).toBe(composeAnswer(facts(golfAnalysis), 'What should I work on first?'));
    expect(result.answer).toMatch(/^\*\*Fix first: /);

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
    const videoId = await golfClip(owner);
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/videos/${videoId}/chat`,
      headers: { cookie: owner.cookie },
      payload: { message: 'How is my posture at impact?' },
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

  it('answers "How is my posture at impact?" with impact\'s time and records, not the top\'s', async () => {
    const owner = await registerAccount(ctx.app);
    const videoId = await golfClip(owner);
    const question = 'How is my posture at impact?';
    const answer = await ask(owner.cookie, videoId, question);

    const impact = golfer.events.find((e) => e.name === 'impact')!;
    const lost = golfer.metrics.find((r) => r.event === 'impact' && /bend/i.test(r.name))!;
    const atTop = golfer.metrics.find((r) => r.event === 'top')!;
    expect(impact.t).toBe(4.4);
    expect(answer).toMatch(/^\*\*At impact \(0:04\.4\)\*\*/);
    expect(answer).toContain(`**${lost.name}**: ${lost.text} at impact (0:04.4)`);
    expect(answer).not.toContain('0:04.1');
    expect(answer).not.toContain(atTop.text);
    expect(answer).not.toMatch(/\*\*(Yes|Not yet)\.\*\*/);
    expect(ungroundedNumbers(facts(golfAnalysis), answer, question)).toEqual([]);
  });

  it('answers "What is my cadence?" about a run with the cadence record\'s text', async () => {
    const owner = await registerAccount(ctx.app);
    const videoId = await insertAnalysedClip(ctx.runtime.deps, owner.user.id, run.analysis!, {
      title: 'Tempo run',
      duration: 3,
    });
    const answer = await ask(owner.cookie, videoId, 'What is my cadence?');
    const cadence = run.analysis!.athletes[0]!.metrics.find((r) => r.name === 'Cadence')!;
    expect(answer).toContain(`**Cadence**: ${cadence.text} at foot strike (0:00.5)`);
    expect(answer).toContain(cadence.target!);
  });

  it('answers from the stored readings alone: no scan is read, a regenerated row is quoted at once', async () => {
    const owner = await registerAccount(ctx.app);
    const videoId = await golfClip(owner);
    expect(await ctx.runtime.deps.blobs.stat(scanKey(videoId))).toBeFalsy();
    expect(await ask(owner.cookie, videoId, 'What is my tempo?')).toContain('2.1:1');

    // Regenerate rewrote the row: the next answer quotes the new record.
    const retimed = {
      ...golfAnalysis,
      athletes: [
        {
          ...golfer,
          metrics: golfer.metrics.map((r) =>
            r.name === 'Backswing:downswing tempo'
              ? { ...r, text: '2.9:1', status: 'ok' as const }
              : r,
          ),
        },
      ],
    };
    await storeAnalysis(ctx.runtime.deps, videoId, retimed);
    const answer = await ask(owner.cookie, videoId, 'What is my tempo?');
    expect(answer).toContain('2.9:1');
    expect(answer).not.toContain('2.1:1');
  });

  it('names the athletes of a clip of two, and answers about the one asked for', async () => {
    const owner = await registerAccount(ctx.app);
    const pair = twoGolfersContext().analysis!;
    const videoId = await insertAnalysedClip(ctx.runtime.deps, owner.user.id, pair);
    const second = pair.athletes[1]!;
    const answer = await ask(owner.cookie, videoId, "How is athlete 2's posture at impact?");
    expect(answer).toMatch(new RegExp(`^\\*\\*${second.name.replace(/[()]/g, '\\$&')}\\*\\*`));
    expect(answer).toContain(
      second.metrics.find((r) => r.event === 'impact' && /bend/i.test(r.name))!.text,
    );
    expect(answer).not.toContain('Alex Kim');
  });

  it('answers about what the coach engine stored for a real clip, quoting only it', async () => {
    const owner = await registerAccount(ctx.app);
    const videoId = await insertAnalysedSquats(ctx.runtime.deps, owner.user.id);
    const row = (await findAnalysis(ctx.database.db, videoId))!;
    const [squatter] = row.athletes!;
    expect(squatter!.movement).toBe('squat');
    const stored = facts(
      {
        textAnalysis: row.textAnalysis!,
        overallFeedback: row.overallFeedback,
        coachingPoints: row.coachingPoints ?? [],
        keyMetric: row.keyMetric,
        athletes: row.athletes!,
      },
      'Back squats',
      squatsScan().duration,
    );
    const bottoms = squatter!.events.filter((e) => e.name === 'bottom').length;
    expect(bottoms).toBeGreaterThan(1);

    const count = await ask(owner.cookie, videoId, 'How many squats did I do?');
    expect(count).toMatch(new RegExp(`^\\*\\*${bottoms} reps\\*\\* measured`));
    const detail = await ctx.app.inject({
      url: `/api/videos/${videoId}`,
      headers: { cookie: owner.cookie },
    });
    for (const prompt of detail.json<VideoDetail>().suggestedPrompts) {
      const answer = await ask(owner.cookie, videoId, prompt);
      expect(answer, prompt).not.toMatch(/^(I can only answer|That was not measured)/);
      expect(answer, prompt).toBe(composeAnswer(stored, prompt));
      expect(ungroundedNumbers(stored, answer, prompt), prompt).toEqual([]);
    }
  });

  it('says plainly that there is no analysis yet, before the clip is measured', async () => {
    const owner = await registerAccount(ctx.app);
    const videoId = await insertReadyVideo(ctx.runtime.deps, owner.user.id);
    const answer = await ask(owner.cookie, videoId, 'How is my posture at impact?');
    expect(answer).toMatch(
      /^\*\*Match\*\* has not been analysed yet, so there are no measurements/,
    );
    expect(answer).not.toMatch(/\d+°/);
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
    const videoId = await golfClip(owner);
    await ask(owner.cookie, videoId, '  How many reps?  ');
    expect((await history(owner.cookie, videoId))[0]!.content).toBe('How many reps?');
  });

  it('lets anyone who may view the video chat, and nobody else', async () => {
    const owner = await registerAccount(ctx.app);
    const viewer = await registerAccount(ctx.app);
    const stranger = await registerAccount(ctx.app);
    const videoId = await golfClip(owner);
    await shareWith(videoId, owner, viewer, 'view');

    expect(await ask(viewer.cookie, videoId, 'What is my tempo?')).toContain('2.1:1');

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
    const videoId = await golfClip(owner);
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
    const first = await golfClip(owner, 'Monday');
    const second = await golfClip(owner, 'Tuesday');
    await shareWith(first, owner, viewer, 'view');
    await shareWith(second, owner, viewer, 'edit');

    await ask(owner.cookie, first, 'What is my tempo?');
    await ask(viewer.cookie, first, 'What should I work on first?');
    await ask(owner.cookie, second, 'Thanks!');
    const questions = async (cookie: string, videoId: string) =>
      (await history(cookie, videoId)).filter((t) => t.role === 'user').map((t) => t.content);

    expect(await questions(owner.cookie, first)).toEqual(['What is my tempo?']);
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

  it('feeds the conversation so far to the next answer (a follow-up about another moment)', async () => {
    const owner = await registerAccount(ctx.app);
    const videoId = await golfClip(owner);
    await ask(owner.cookie, videoId, 'How is my posture at impact?');
    const followUp = await ask(owner.cookie, videoId, 'And at the top?');
    const atTop = golfer.metrics.find((r) => r.event === 'top')!;
    expect(followUp).toMatch(/^\*\*At the top of the backswing \(0:04\.1\)\*\*/);
    expect(followUp).toContain(atTop.text);
  });

  it('goes with the video', async () => {
    const owner = await registerAccount(ctx.app);
    const videoId = await golfClip(owner);
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
  async function promptsOf(cookie: string, videoId: string) {
    const detail = await ctx.app.inject({ url: `/api/videos/${videoId}`, headers: { cookie } });
    expect(detail.statusCode).toBe(200);
    return detail.json<VideoDetail>().suggestedPrompts;
  }

  it("come from the clip's movement, and the coach answers each from the stored readings", async () => {
    const owner = await registerAccount(ctx.app);
    const videoId = await golfClip(owner);
    const prompts = await promptsOf(owner.cookie, videoId);
    expect(prompts).toEqual(promptsFor(facts(golfAnalysis)));
    expect(prompts.slice(0, 2)).toEqual(['How is my posture at impact?', 'What is my tempo?']);

    for (const prompt of prompts) {
      const answer = await ask(owner.cookie, videoId, prompt);
      expect(answer.length, prompt).toBeGreaterThan(40);
      expect(answer, prompt).not.toMatch(/^(I can only answer|That was not measured)/);
      expect(ungroundedNumbers(facts(golfAnalysis), answer, prompt), prompt).toEqual([]);
    }
  });

  it('ask a run about its cadence', async () => {
    const owner = await registerAccount(ctx.app);
    const videoId = await insertAnalysedClip(ctx.runtime.deps, owner.user.id, run.analysis!);
    expect(await promptsOf(owner.cookie, videoId)).toContain('What is my cadence?');
  });

  it('are general questions until the clip is analysed', async () => {
    const owner = await registerAccount(ctx.app);
    const videoId = await insertReadyVideo(ctx.runtime.deps, owner.user.id);
    expect(await promptsOf(owner.cookie, videoId)).toEqual([
      'What should I work on first?',
      'How did I do?',
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
