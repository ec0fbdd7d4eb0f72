import type { TagEvent, TagEventChanged, TagStats, TagSuggestion } from '@filmroom/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { registerAccount } from '../../../test/accounts';
import { shotReading } from '../../../test/readings';
import { addAcceptedStudent } from '../../../test/roster';
import { useTestApp } from '../../../test/test-app';
import { insertReadyVideo, insertViewShare } from '../../../test/videos';
import { analyses, analysisRanges, tagSuggestionDecisions, videoShares } from '../../db/schema';

const ctx = useTestApp();

type Account = Awaited<ReturnType<typeof registerAccount>>;
const call = (method: 'GET' | 'POST' | 'DELETE', url: string, who: Account, payload?: object) =>
  ctx.app.inject({ method, url, payload, headers: { cookie: who.cookie } });

let coach: Account;
let jordan: Account;
let viewer: Account;
let editor: Account;

beforeAll(async () => {
  [coach, jordan, viewer, editor] = await Promise.all([
    registerAccount(ctx.app, { name: 'Coach Carter', isCoach: true }),
    registerAccount(ctx.app, { name: 'Jordan' }),
    registerAccount(ctx.app, { name: 'Viewer' }),
    registerAccount(ctx.app, { name: 'Editor' }),
  ]);
  await addAcceptedStudent(ctx.app, coach, jordan);
});

/**
 * A 60-second game whose whole-video analysis read Jordan shooting at 4 s and 20 s and a
 * second person the engine could not name (general: it abstained), and whose range 30–50 s
 * read a shot at 41.5 s.
 */
async function analysedGame() {
  const { db } = ctx.database;
  const videoId = await insertReadyVideo(ctx.runtime.deps, coach.user.id, { duration: 60 });
  await insertViewShare(db, videoId, coach, viewer);
  await db.insert(videoShares).values({
    videoId,
    sharedWithEmail: editor.username,
    accessLevel: 'edit',
    sharedById: coach.user.id,
  });
  await db.insert(analyses).values({
    videoId,
    status: 'ready',
    progress: 100,
    textAnalysis: 'Two shots.',
    playerDetections: [],
    athletes: [
      shotReading([4, 20], { name: 'Jordan', playerMatchId: jordan.user.id }),
      shotReading([9], {
        index: 2,
        trackId: 2,
        movement: 'general',
        movementLabel: 'General',
        confidence: 0.7,
      }),
    ],
  });
  await db.insert(analysisRanges).values([
    {
      videoId,
      startSeconds: 30,
      endSeconds: 50,
      status: 'ready',
      textAnalysis: 'One shot.',
      athletes: [shotReading([41.5], { trackId: 5 })],
    },
    // Not yet written: it suggests nothing until it is.
    { videoId, startSeconds: 50, endSeconds: 59, status: 'scanning', athletes: [] },
  ]);
  return videoId;
}

const suggestionsOf = async (videoId: string, who = coach) => {
  const response = await call('GET', `/api/videos/${videoId}/tag-suggestions`, who);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TagSuggestion[]>();
};

const shotButton = { code: 'Shot', colour: '#F76B15', leadSeconds: 5, lagSeconds: 3 };

describe('suggested events', () => {
  it('suggests each confident shot of the analyses at its release, never an abstained reading’s', async () => {
    const videoId = await analysedGame();
    const suggestions = await suggestionsOf(videoId);
    expect(suggestions.map((s) => [s.t, s.action, s.event, s.athleteName])).toEqual([
      [4, 'Shot', 'release', 'Jordan'],
      [20, 'Shot', 'release', 'Jordan'],
      [41.5, 'Shot', 'release', 'Athlete 1'],
    ]);
    // The identified athlete of the coach's roster becomes the player; the range names itself.
    expect(suggestions[0]).toMatchObject({ playerId: jordan.user.id, rangeId: null });
    expect(suggestions[2]!.playerId).toBeNull();
    expect(suggestions[2]!.rangeId).not.toBeNull();
    // The same ids on every read, so a decision keeps to its suggestion.
    expect((await suggestionsOf(videoId)).map((s) => s.id)).toEqual(suggestions.map((s) => s.id));
    // An editor sees them too.
    expect(await suggestionsOf(videoId, editor)).toHaveLength(3);
  });

  it('accepts one as an event of the picked button, counted only once accepted', async () => {
    const videoId = await analysedGame();
    const stats = async () =>
      (await call('GET', `/api/videos/${videoId}/tag-stats?by=player`, coach)).json<TagStats>();
    expect((await stats()).total).toBe(0);

    const [first] = await suggestionsOf(videoId);
    const accepted = await call(
      'POST',
      `/api/videos/${videoId}/tag-suggestions/${first!.id}/accept`,
      editor,
      { ...shotButton, period: '1st half' },
    );
    expect(accepted.statusCode, accepted.body).toBe(201);
    expect(accepted.json<TagEvent>()).toMatchObject({
      code: 'Shot',
      colour: '#f76b15',
      start: 4,
      end: 4,
      leadSeconds: 5,
      lagSeconds: 3,
      playerId: jordan.user.id,
      period: '1st half',
      authorName: 'Editor',
    });
    expect((await stats()).total).toBe(1);
    expect((await suggestionsOf(videoId)).map((s) => s.t)).toEqual([20, 41.5]);
    // Accepted already: a second accept is refused and makes no second event.
    const again = await call(
      'POST',
      `/api/videos/${videoId}/tag-suggestions/${first!.id}/accept`,
      coach,
      shotButton,
    );
    expect(again.statusCode).toBe(404);
    expect((await stats()).total).toBe(1);
  });

  it('dismisses one for good on that video; the decision goes with the video', async () => {
    const videoId = await analysedGame();
    const [, second] = await suggestionsOf(videoId);
    const dismissed = await call(
      'POST',
      `/api/videos/${videoId}/tag-suggestions/${second!.id}/dismiss`,
      coach,
    );
    expect(dismissed.statusCode, dismissed.body).toBe(200);
    expect((await suggestionsOf(videoId)).map((s) => s.t)).toEqual([4, 41.5]);
    const events = await call('GET', `/api/videos/${videoId}/tag-events`, coach);
    expect(events.json<TagEvent[]>()).toEqual([]);

    expect((await call('DELETE', `/api/videos/${videoId}`, coach)).statusCode).toBe(200);
    const left = await ctx.database.db
      .select()
      .from(tagSuggestionDecisions)
      .where(eq(tagSuggestionDecisions.videoId, videoId));
    expect(left).toEqual([]);
  });

  it('keeps suggestions from viewers and refuses bad requests plainly', async () => {
    const videoId = await analysedGame();
    const [first] = await suggestionsOf(videoId);
    const base = `/api/videos/${videoId}/tag-suggestions`;
    expect((await call('GET', base, viewer)).statusCode).toBe(403);
    expect((await call('POST', `${base}/${first!.id}/dismiss`, viewer)).statusCode).toBe(403);
    expect((await call('POST', `${base}/${first!.id}/dismiss`, jordan)).statusCode).toBe(404);

    const noCode = await call('POST', `${base}/${first!.id}/accept`, coach, { leadSeconds: 2 });
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json<{ message: string }>().message).toMatch(/code/);
    const badColour = await call('POST', `${base}/${first!.id}/accept`, coach, {
      code: 'Shot',
      colour: 'orange',
    });
    expect(badColour.statusCode).toBe(400);
    expect((await call('POST', `${base}/not-an-id/dismiss`, coach)).statusCode).toBe(400);
    const unknown = await call('POST', `${base}/${crypto.randomUUID()}/dismiss`, coach);
    expect(unknown.statusCode).toBe(404);
    // None of it was decided.
    expect(await suggestionsOf(videoId)).toHaveLength(3);
  });
});

describe('suggested events found twice, and live', () => {
  const rangeOver = (videoId: string, t: number) => ({
    videoId,
    startSeconds: 15,
    endSeconds: 25,
    status: 'ready' as const,
    textAnalysis: 'One shot.',
    athletes: [shotReading([t], { trackId: 7, name: 'Athlete 1 (white shirt)' })],
  });

  it('offers a shot the whole video’s analysis and a range both read once, as the range read it', async () => {
    const videoId = await analysedGame();
    await ctx.database.db.insert(analysisRanges).values(rangeOver(videoId, 20.1));
    const listed = await suggestionsOf(videoId);
    expect(listed.map((s) => [s.t, s.athleteName])).toEqual([
      [4, 'Jordan'],
      [20.1, 'Athlete 1 (white shirt)'],
      [41.5, 'Athlete 1'],
    ]);
    expect(listed[1]!.rangeId).not.toBeNull();
  });

  it('does not offer again, from a range scanned later, a shot already dismissed', async () => {
    const videoId = await analysedGame();
    const [, atTwenty] = await suggestionsOf(videoId);
    const base = `/api/videos/${videoId}/tag-suggestions`;
    expect((await call('POST', `${base}/${atTwenty!.id}/dismiss`, coach)).statusCode).toBe(200);
    await ctx.database.db.insert(analysisRanges).values(rangeOver(videoId, 20.1));
    expect((await suggestionsOf(videoId)).map((s) => s.t)).toEqual([4, 41.5]);
  });

  it('tells the video’s open pages of a dismissal, so another editor’s row follows', async () => {
    const videoId = await analysedGame();
    const heard: TagEventChanged[] = [];
    const stop = ctx.runtime.deps.videoEvents.subscribe((event) => {
      if (event.type === 'tag-event' && event.data.videoId === videoId) heard.push(event.data);
    });
    try {
      const [first, second] = await suggestionsOf(videoId);
      const base = `/api/videos/${videoId}/tag-suggestions`;
      expect((await call('POST', `${base}/${first!.id}/dismiss`, editor)).statusCode).toBe(200);
      await vi.waitFor(() =>
        expect(heard).toEqual([{ videoId, change: 'suggestion-dismissed', eventId: null }]),
      );
      // An accepted one is the event it became.
      const accepted = await call('POST', `${base}/${second!.id}/accept`, coach, shotButton);
      expect(accepted.statusCode).toBe(201);
      await vi.waitFor(() =>
        expect(heard.at(-1)).toEqual({
          videoId,
          change: 'created',
          eventId: accepted.json<TagEvent>().id,
        }),
      );
    } finally {
      stop();
    }
  });
});

describe('a decision across a re-analysis', () => {
  it('keeps a dismissed shot dismissed when the analysis is written again with its moment moved a little', async () => {
    const videoId = await analysedGame();
    const [, atTwenty] = await suggestionsOf(videoId);
    const base = `/api/videos/${videoId}/tag-suggestions`;
    expect((await call('POST', `${base}/${atTwenty!.id}/dismiss`, coach)).statusCode).toBe(200);
    const reread = (releases: number[]) =>
      ctx.database.db
        .update(analyses)
        .set({
          athletes: [shotReading(releases, { name: 'Jordan', playerMatchId: jordan.user.id })],
        })
        .where(eq(analyses.videoId, videoId));

    await reread([4.05, 20.1]);
    expect((await suggestionsOf(videoId)).map((s) => s.t)).toEqual([4.05, 41.5]);
    // A second later is another shot: offered.
    await reread([4.05, 21.2]);
    expect((await suggestionsOf(videoId)).map((s) => s.t)).toEqual([4.05, 21.2, 41.5]);
  });
});
