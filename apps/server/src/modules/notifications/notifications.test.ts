import type { MailOutbox, Notification, NotificationList } from '@filmroom/contract';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAccount } from '../../../test/accounts';
import { addAcceptedStudent } from '../../../test/roster';
import { storeScan } from '../../../test/scans';
import { useTestApp } from '../../../test/test-app';
import { insertReadyVideo } from '../../../test/videos';
import { analyses, mailOutbox, notifications } from '../../db/schema';
import { analysisJobs } from '../analysis/analysis-jobs';
import { sendDigests } from './digest';
import { sendHeldMail } from './held-mail';
import { MAIL_COALESCE_MINUTES } from './notifier';

const ctx = useTestApp();

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, cookie?: string, payload?: object) =>
  ctx.app.inject({ method, url, payload, headers: cookie ? { cookie } : {} });

type Person = Awaited<ReturnType<typeof registerAccount>>;
/** As if the person's last notification mails went out `minutes` earlier than they did. */
const moveMailWindowBack = (person: Person, minutes: number) =>
  ctx.app.db
    .update(notifications)
    .set({ mailedAt: sql`${notifications.mailedAt} - ${minutes} * interval '1 minute'` })
    .where(and(eq(notifications.userId, person.user.id), isNotNull(notifications.mailedAt)));

const listOf = async (person: Person) => {
  const response = await call('GET', '/api/notifications', person.cookie);
  expect(response.statusCode).toBe(200);
  return response.json<NotificationList>();
};

/** The notification mail kept for `person` (outbox mode), newest first. */
const mailTo = async (person: Person, kind: 'notification' | 'digest' = 'notification') =>
  ctx.app.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.recipient, person.username), eq(mailOutbox.kind, kind)));

const share = (owner: Person, videoId: string, to: Person, accessLevel = 'view') =>
  call('POST', `/api/videos/${videoId}/share`, owner.cookie, { email: to.username, accessLevel });

const addNote = async (author: Person, videoId: string, content = 'Knees out at the bottom') => {
  const response = await call('POST', `/api/videos/${videoId}/annotations`, author.cookie, {
    content,
    timestamp: 1.5,
    xPosition: 40,
    yPosition: 60,
  });
  expect(response.statusCode).toBe(201);
  return response.json<{ id: string }>();
};

const reply = async (author: Person, videoId: string, noteId: string, content: string) => {
  const response = await call(
    'POST',
    `/api/videos/${videoId}/annotations/${noteId}/replies`,
    author.cookie,
    { content },
  );
  expect(response.statusCode).toBe(201);
  return response.json<{ id: string }>();
};

/** The analysis jobs of the test server, run by hand (no language model: the plain write-up). */
const testAnalysisJobs = () =>
  analysisJobs({
    ...ctx.runtime.deps,
    log: ctx.app.log,
    queue: ctx.runtime.deps.jobs,
    languageModel: undefined,
  });

/** A coach with a video shared with an athlete (view), both with proven addresses. */
async function coachSharingWithAthlete(title = 'Game 3') {
  const coach = await registerAccount(ctx.app, { name: 'Coach Carter', isCoach: true });
  const athlete = await registerAccount(ctx.app, { name: 'Jamie Athlete' });
  const videoId = await insertReadyVideo(ctx.app, coach.user.id, { title });
  expect((await share(coach, videoId, athlete)).statusCode).toBe(201);
  return { coach, athlete, videoId };
}

describe('notifications: who hears of what', () => {
  it('tells an athlete a video was shared with them, and the sharer nothing; the share mail is the only mail', async () => {
    const { coach, athlete, videoId } = await coachSharingWithAthlete();
    const list = await listOf(athlete);
    expect(list.unreadCount).toBe(1);
    expect(list.notifications).toEqual([
      expect.objectContaining({
        kind: 'video-shared',
        actor: { name: 'Coach Carter' },
        video: { id: videoId, title: 'Game 3' },
        summary: 'Coach Carter shared "Game 3" with you',
        link: `/videos/${videoId}`,
        read: false,
      }),
    ]);
    expect((await listOf(coach)).notifications).toEqual([]);
    expect(await mailTo(athlete)).toEqual([]);
  });

  it("tells the coach of a reply to their note, linking to the reply at the note's time", async () => {
    const { coach, athlete, videoId } = await coachSharingWithAthlete();
    const note = await addNote(coach, videoId);
    // The coach's own note is no news to anyone: the athlete is told only of the share.
    expect((await listOf(coach)).notifications).toEqual([]);
    expect((await listOf(athlete)).notifications.map((n) => n.kind)).toEqual(['video-shared']);

    const answer = await reply(athlete, videoId, note.id, 'Got it, will try tomorrow');
    const [notice] = (await listOf(coach)).notifications;
    expect(notice).toMatchObject({
      kind: 'reply-added',
      actor: { name: 'Jamie Athlete' },
      video: { id: videoId, title: 'Game 3' },
      annotation: { id: note.id, timestamp: 1.5, excerpt: 'Got it, will try tomorrow' },
      replyId: answer.id,
      link: `/videos/${videoId}?note=${note.id}&reply=${answer.id}&t=1.5`,
      summary: 'Jamie Athlete replied to a note on "Game 3" at 0:01',
    });
    // The athlete's own reply is not news to them.
    expect((await listOf(athlete)).notifications.map((n) => n.kind)).toEqual(['video-shared']);

    // Everyone in the thread hears of the next reply, except its author.
    await reply(coach, videoId, note.id, 'Great');
    expect((await listOf(athlete)).notifications.map((n) => n.kind)).toEqual([
      'reply-added',
      'video-shared',
    ]);
    expect((await listOf(coach)).notifications.map((n) => n.kind)).toEqual(['reply-added']);
  });

  it("tells a video's owner of a note an editor adds", async () => {
    const coach = await registerAccount(ctx.app, { name: 'Coach Carter', isCoach: true });
    const assistant = await registerAccount(ctx.app, { name: 'Assistant Ash' });
    const videoId = await insertReadyVideo(ctx.app, coach.user.id, { title: 'Drills' });
    await share(coach, videoId, assistant, 'edit');
    const note = await addNote(assistant, videoId, 'Look at the left foot');
    expect((await listOf(coach)).notifications).toEqual([
      expect.objectContaining({
        kind: 'note-added',
        actor: { name: 'Assistant Ash' },
        annotation: { id: note.id, timestamp: 1.5, excerpt: 'Look at the left foot' },
        replyId: null,
        link: `/videos/${videoId}?note=${note.id}&t=1.5`,
      }),
    ]);
  });

  it("tells a note's author of a reaction once, however often it is taken back and given", async () => {
    const { coach, athlete, videoId } = await coachSharingWithAthlete();
    const note = await addNote(coach, videoId);
    const react = () =>
      call('POST', `/api/annotations/${note.id}/reactions`, athlete.cookie, { reaction: '👍' });
    expect((await react()).statusCode).toBe(200);
    expect((await react()).statusCode).toBe(200); // taken back
    expect((await react()).statusCode).toBe(200);
    const list = await listOf(coach);
    expect(list.notifications).toEqual([
      expect.objectContaining({
        kind: 'reaction-added',
        actor: { name: 'Jamie Athlete' },
        summary: 'Jamie Athlete reacted to your note on "Game 3" at 0:01',
      }),
    ]);
    // Reacting to one's own note is no news.
    await call('POST', `/api/annotations/${note.id}/reactions`, coach.cookie, { reaction: '🔥' });
    expect((await listOf(coach)).notifications).toHaveLength(1);
  });

  it("tells a video's owner their analysis is ready, or failed", async () => {
    const owner = await registerAccount(ctx.app);
    const videoId = await insertReadyVideo(ctx.app, owner.user.id, { title: 'Squats' });
    const jobs = testAnalysisJobs();
    await storeScan(ctx.app.blobs, videoId, []);
    const generate = jobs.find((job) => job.name === 'analysis.generate')!;
    await generate.handle({ videoId }, new AbortController().signal);
    const scan = jobs.find((job) => job.name === 'vision.scan')!;
    await scan.onGiveUp!({ videoId }, new Error('out of memory'));
    const list = await listOf(owner);
    expect(list.notifications.map((n) => [n.kind, n.actor, n.summary])).toEqual([
      ['analysis-failed', null, 'The analysis of "Squats" failed'],
      ['analysis-ready', null, 'The analysis of "Squats" is ready'],
    ]);
  });

  it('tells the owner when writing the analysis runs out of retries', async () => {
    const owner = await registerAccount(ctx.app);
    const videoId = await insertReadyVideo(ctx.app, owner.user.id, { title: 'Lunges' });
    const jobs = testAnalysisJobs();
    const generate = jobs.find((job) => job.name === 'analysis.generate')!;
    await generate.onGiveUp!({ videoId }, new Error('the model kept timing out'));
    const list = await listOf(owner);
    expect(list.notifications.map((n) => [n.kind, n.summary])).toEqual([
      ['analysis-failed', 'The analysis of "Lunges" failed'],
    ]);
    const [analysis] = await ctx.app.db
      .select({ status: analyses.status, failureReason: analyses.failureReason })
      .from(analyses)
      .where(eq(analyses.videoId, videoId));
    expect(analysis).toEqual({
      status: 'failed',
      failureReason: 'The analysis could not be written.',
    });
  });

  it('tells a coach their invitation was accepted, linking to their athletes', async () => {
    const coach = await registerAccount(ctx.app, { name: 'Coach Carter', isCoach: true });
    const athlete = await registerAccount(ctx.app, { name: 'Jamie Athlete' });
    await addAcceptedStudent(ctx.app, coach, athlete);
    expect((await listOf(coach)).notifications).toEqual([
      expect.objectContaining({
        kind: 'invitation-accepted',
        actor: { name: 'Jamie Athlete' },
        video: null,
        link: '/athletes',
        summary: 'Jamie Athlete accepted your invitation and joined your athletes',
      }),
    ]);
    // Issue 29: the invitation itself rang the athlete's bell, pointing where it is answered.
    // Its mail was the invitation mail, so no notification mail repeats it.
    expect((await listOf(athlete)).notifications).toEqual([
      expect.objectContaining({
        kind: 'roster-invitation',
        actor: { name: 'Coach Carter' },
        video: null,
        playlist: null,
        link: '/settings',
        summary: 'Coach Carter wants to add you to their athletes',
      }),
    ]);
    expect(await mailTo(athlete)).toEqual([]);
  });

  it('tells the people a playlist is shared with, by address or through a team, once; mail as each chose', async () => {
    const coach = await registerAccount(ctx.app, { name: 'Coach Carter', isCoach: true });
    const athlete = await registerAccount(ctx.app, { name: 'Jamie Athlete' });
    const teammate = await registerAccount(ctx.app, { name: 'Sam Teammate' });
    expect(
      (await call('PUT', '/api/notifications/settings', teammate.cookie, { email: 'off' }))
        .statusCode,
    ).toBe(200);
    const playlist = (
      await call('POST', '/api/playlists', coach.cookie, { title: 'Pressing drills' })
    ).json<{ id: string }>();
    const byAddress = await call('POST', `/api/playlists/${playlist.id}/shares`, coach.cookie, {
      email: athlete.username,
    });
    expect(byAddress.statusCode).toBe(201);
    const told = expect.objectContaining({
      kind: 'playlist-shared',
      actor: { name: 'Coach Carter' },
      video: null,
      playlist: { id: playlist.id, title: 'Pressing drills' },
      link: `/playlists/${playlist.id}`,
      summary: 'Coach Carter shared the playlist "Pressing drills" with you',
      read: false,
    });
    expect((await listOf(athlete)).notifications).toEqual([told]);
    const [mail] = await mailTo(athlete);
    expect(mail?.subject).toContain('Coach Carter shared the playlist "Pressing drills" with you');
    expect(mail?.body).toContain(`/playlists/${playlist.id}`);

    // Through a team: its members hear of it; the athlete, told already, is not told twice.
    await addAcceptedStudent(ctx.app, coach, athlete);
    await addAcceptedStudent(ctx.app, coach, teammate);
    const team = (
      await call('POST', '/api/teams', coach.cookie, { name: 'Firsts', sport: 'Soccer' })
    ).json<{ id: string }>();
    for (const member of [athlete, teammate]) {
      const added = await call('POST', `/api/teams/${team.id}/members`, coach.cookie, {
        athleteId: member.user.id,
      });
      expect(added.statusCode).toBeLessThan(300);
    }
    const byTeam = await call('POST', `/api/playlists/${playlist.id}/team-shares`, coach.cookie, {
      teamId: team.id,
    });
    expect(byTeam.statusCode).toBe(201);
    const kinds = async (person: Person) =>
      (await listOf(person)).notifications.map((notice) => notice.kind).sort();
    expect(await kinds(athlete)).toEqual(['playlist-shared', 'roster-invitation']);
    expect(await kinds(teammate)).toEqual(['playlist-shared', 'roster-invitation']);
    // Sam chose no mail.
    expect(await mailTo(teammate)).toEqual([]);
    expect((await listOf(coach)).notifications.map((notice) => notice.kind)).not.toContain(
      'playlist-shared',
    );

    // Unshared: the notice goes, title and all.
    const [shareRow] = (await call('GET', `/api/playlists/${playlist.id}`, coach.cookie)).json<{
      shares: { id: string }[];
    }>().shares;
    await call('DELETE', `/api/playlists/${playlist.id}/shares/${shareRow!.id}`, coach.cookie);
    await call('DELETE', `/api/teams/${team.id}`, coach.cookie);
    const response = await call('GET', '/api/notifications', athlete.cookie);
    expect(response.body).not.toContain('Pressing drills');
  });
});

describe('notifications never show what the recipient may not see', () => {
  it('drops a notification about a video whose share was removed since, title and all', async () => {
    const { coach, athlete, videoId } = await coachSharingWithAthlete('Secret scouting');
    const note = await addNote(coach, videoId, 'Their left back is slow');
    await reply(athlete, videoId, note.id, 'Seen it');
    await reply(coach, videoId, note.id, 'Private plan: press high');
    expect((await listOf(athlete)).unreadCount).toBe(2);

    const [shareRow] = (await call('GET', `/api/videos/${videoId}/shares`, coach.cookie)).json<
      { id: string }[]
    >();
    await call('DELETE', `/api/videos/${videoId}/shares/${shareRow!.id}`, coach.cookie);

    const response = await call('GET', '/api/notifications', athlete.cookie);
    expect(response.json()).toEqual({ unreadCount: 0, notifications: [] });
    expect(response.body).not.toContain('Secret scouting');
    expect(response.body).not.toContain('press high');
  });

  it('tells nobody of a reply in a thread on a video they can no longer see', async () => {
    const { coach, athlete, videoId } = await coachSharingWithAthlete();
    const note = await addNote(coach, videoId);
    await reply(athlete, videoId, note.id, 'Question about this');
    const [shareRow] = (await call('GET', `/api/videos/${videoId}/shares`, coach.cookie)).json<
      { id: string }[]
    >();
    await call('DELETE', `/api/videos/${videoId}/shares/${shareRow!.id}`, coach.cookie);

    await reply(coach, videoId, note.id, 'Answer the athlete must not get');
    const rows = await ctx.app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, athlete.user.id), eq(notifications.kind, 'reply-added')));
    expect(rows).toEqual([]);
    expect(await mailTo(athlete)).toEqual([]);
  });

  it("drops an accepted invitation's notice once the athlete has left the coach's list", async () => {
    const coach = await registerAccount(ctx.app, { isCoach: true });
    const athlete = await registerAccount(ctx.app, { name: 'Leaving Lee' });
    const linkId = await addAcceptedStudent(ctx.app, coach, athlete);
    expect((await listOf(coach)).unreadCount).toBe(1);
    await call('DELETE', `/api/roster/coaches/${linkId}`, athlete.cookie);
    const response = await call('GET', '/api/notifications', coach.cookie);
    expect(response.json()).toEqual({ unreadCount: 0, notifications: [] });
  });
});

describe('reading notifications', () => {
  it('marks one read, then all; nobody reaches another person’s notifications', async () => {
    const { coach, athlete, videoId } = await coachSharingWithAthlete();
    const note = await addNote(coach, videoId);
    await reply(athlete, videoId, note.id, 'One');
    const stranger = await registerAccount(ctx.app);
    await call('POST', `/api/annotations/${note.id}/reactions`, athlete.cookie, {
      reaction: '👍',
    });
    const list = await listOf(coach);
    expect(list.unreadCount).toBe(2);
    const [first, second] = list.notifications as [Notification, Notification];

    // Another person's notification is not found, to a stranger and to its actor alike.
    for (const someone of [stranger, athlete]) {
      const theirs = await call('POST', `/api/notifications/${first.id}/read`, someone.cookie);
      expect(theirs.statusCode).toBe(404);
      expect(theirs.json()).toEqual({ message: 'Notification not found' });
    }
    expect((await call('POST', `/api/notifications/${first.id}/read`)).statusCode).toBe(401);
    expect((await call('GET', '/api/notifications')).statusCode).toBe(401);
    const badId = await call('POST', '/api/notifications/not-a-uuid/read', coach.cookie);
    expect(badId.statusCode).toBe(400);
    expect(badId.json().message).toMatch(/Notification id must be a UUID/);

    const afterOne = await call('POST', `/api/notifications/${first.id}/read`, coach.cookie);
    expect(afterOne.json<NotificationList>()).toMatchObject({ unreadCount: 1 });
    expect(afterOne.json<NotificationList>().notifications.map((n) => n.read)).toEqual([
      true,
      false,
    ]);
    // Again is fine: it stays read.
    expect(
      (await call('POST', `/api/notifications/${first.id}/read`, coach.cookie)).statusCode,
    ).toBe(200);
    expect(second.read).toBe(false);
    const all = await call('POST', '/api/notifications/read-all', coach.cookie);
    expect(all.json<NotificationList>().unreadCount).toBe(0);
    expect(all.json<NotificationList>().notifications.every((n) => n.read)).toBe(true);
    // The athlete's own stay unread.
    expect((await listOf(athlete)).unreadCount).toBe(1);
  });
});

describe('notification mail', () => {
  it('mails each notification by default, with an unsubscribe link that works without signing in', async () => {
    const { coach, athlete, videoId } = await coachSharingWithAthlete();
    const note = await addNote(coach, videoId);
    await reply(athlete, videoId, note.id, 'Got it');
    const [mail] = await mailTo(coach);
    expect(mail).toMatchObject({
      senderId: athlete.user.id,
      subject: 'Jamie Athlete replied to a note on "Game 3" at 0:01',
    });
    expect(mail!.body).toContain('"Got it"');
    expect(mail!.body).toMatch(
      new RegExp(`http://localhost:\\d+/videos/${videoId}\\?note=${note.id}&reply=`),
    );
    // The coach reads it in their Mail outbox, links at their own origin.
    const outbox = (await call('GET', '/api/mail/outbox', coach.cookie)).json<MailOutbox>();
    expect(outbox.messages[0]).toMatchObject({ kind: 'notification', subject: mail!.subject });

    const token = /\/unsubscribe\?token=(\S+)/.exec(mail!.body)![1]!;
    // A mail scanner following the link changes nothing: only a POST unsubscribes.
    expect((await call('GET', `/api/notifications/unsubscribe?token=${token}`)).statusCode).toBe(
      404,
    );
    const bad = await call('POST', '/api/notifications/unsubscribe', undefined, {
      token: `${coach.user.id}.forged`,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/unsubscribe link is not valid/);
    const missing = await call('POST', '/api/notifications/unsubscribe', undefined, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ message: 'token is required' });

    const done = await call('POST', '/api/notifications/unsubscribe', undefined, {
      token: decodeURIComponent(token),
    });
    expect(done.statusCode).toBe(200);
    expect((await call('GET', '/api/notifications/settings', coach.cookie)).json()).toEqual({
      email: 'off',
    });
    // The bell still rings; no more mail.
    await reply(athlete, videoId, note.id, 'And another thing');
    expect((await listOf(coach)).unreadCount).toBe(2);
    expect(await mailTo(coach)).toHaveLength(1);
  });

  it('mails news about one video once, then what came meanwhile as one message when the window ends', async () => {
    const { coach, athlete, videoId } = await coachSharingWithAthlete();
    const note = await addNote(coach, videoId);
    // A view-only viewer replies forty times.
    for (let index = 1; index <= 40; index++)
      await reply(athlete, videoId, note.id, `Point ${index}`);
    expect((await listOf(coach)).unreadCount).toBe(40);
    expect(await mailTo(coach)).toHaveLength(1);

    // While the window is open nothing more is sent.
    expect(await sendHeldMail(digestDeps())).toBe(0);
    expect(await mailTo(coach)).toHaveLength(1);

    // A quarter of an hour later, the other 39 go out together.
    await moveMailWindowBack(coach, MAIL_COALESCE_MINUTES + 1);
    expect(await sendHeldMail(digestDeps())).toBe(1);
    const mails = await mailTo(coach);
    expect(mails).toHaveLength(2);
    const held = mails.find((mail) => mail.subject.startsWith('39'))!;
    expect(held.subject).toBe('39 new replies on "Game 3"');
    expect(held.body).toContain('"Point 40"');
    expect(held.body).toContain('"Point 2"');
    // Sent once: the next sweep has nothing left.
    await moveMailWindowBack(coach, MAIL_COALESCE_MINUTES + 1);
    expect(await sendHeldMail(digestDeps())).toBe(0);
  });

  it('sends nothing for held news the recipient has read in the meantime, or chose not to be mailed', async () => {
    const { coach, athlete, videoId } = await coachSharingWithAthlete();
    const note = await addNote(coach, videoId);
    await reply(athlete, videoId, note.id, 'First');
    await reply(athlete, videoId, note.id, 'Second');
    await call('POST', '/api/notifications/read-all', coach.cookie);
    await moveMailWindowBack(coach, MAIL_COALESCE_MINUTES + 1);
    expect(await sendHeldMail(digestDeps())).toBe(0);
    expect(await mailTo(coach)).toHaveLength(1);

    const digestReader = await coachSharingWithAthlete('Game 4');
    const put = await call('PUT', '/api/notifications/settings', digestReader.coach.cookie, {
      email: 'digest',
    });
    expect(put.statusCode).toBe(200);
    const digestNote = await addNote(digestReader.coach, digestReader.videoId);
    await reply(digestReader.athlete, digestReader.videoId, digestNote.id, 'For the digest');
    expect(await sendHeldMail(digestDeps())).toBe(0);
    expect(await mailTo(digestReader.coach)).toHaveLength(0);
  });

  it('keeps news about another video out of the window: each video is its own thread', async () => {
    const { coach, athlete, videoId } = await coachSharingWithAthlete();
    const otherVideo = await insertReadyVideo(ctx.app, coach.user.id, { title: 'Game 5' });
    expect((await share(coach, otherVideo, athlete)).statusCode).toBe(201);
    const note = await addNote(coach, videoId);
    const otherNote = await addNote(coach, otherVideo);
    await reply(athlete, videoId, note.id, 'On game 3');
    await reply(athlete, otherVideo, otherNote.id, 'On game 5');
    const subjects = (await mailTo(coach)).map((mail) => mail.subject).sort();
    expect(subjects).toEqual([
      'Jamie Athlete replied to a note on "Game 3" at 0:01',
      'Jamie Athlete replied to a note on "Game 5" at 0:01',
    ]);
  });

  it('one-click unsubscribe (RFC 8058): a form POST to the address in List-Unsubscribe', async () => {
    const { coach, athlete, videoId } = await coachSharingWithAthlete();
    const note = await addNote(coach, videoId);
    await reply(athlete, videoId, note.id, 'Got it');
    const [mail] = await mailTo(coach);
    const token = /\/unsubscribe\?token=(\S+)/.exec(mail!.body)![1]!;
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/notifications/unsubscribe?token=${token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(response.statusCode).toBe(200);
    expect((await call('GET', '/api/notifications/settings', coach.cookie)).json()).toEqual({
      email: 'off',
    });
  });

  it('sends no mail to an address that was never proven', async () => {
    const unproven = await registerAccount(ctx.app, { confirmed: false });
    const videoId = await insertReadyVideo(ctx.app, unproven.user.id);
    await ctx.app.notifier.analysisFinished(videoId, 'ready');
    expect((await listOf(unproven)).unreadCount).toBe(1);
    expect(await mailTo(unproven)).toEqual([]);
  });

  it('keeps each person’s choice: each, a daily digest, or none; anything else is refused', async () => {
    const person = await registerAccount(ctx.app);
    const settings = () => call('GET', '/api/notifications/settings', person.cookie);
    expect((await settings()).json()).toEqual({ email: 'each' });
    const saved = await call('PUT', '/api/notifications/settings', person.cookie, {
      email: 'digest',
    });
    expect(saved.json()).toEqual({ email: 'digest' });
    expect((await settings()).json()).toEqual({ email: 'digest' });
    const bad = await call('PUT', '/api/notifications/settings', person.cookie, {
      email: 'hourly',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/email must be each, digest or off/);
    expect((await call('GET', '/api/notifications/settings')).statusCode).toBe(401);
  });

  it('sends a daily digest of what is unread since the last one, and only that', async () => {
    const { coach, athlete, videoId } = await coachSharingWithAthlete('Digest game');
    await call('PUT', '/api/notifications/settings', coach.cookie, { email: 'digest' });
    const note = await addNote(coach, videoId);
    await reply(athlete, videoId, note.id, 'First reply');
    await reply(athlete, videoId, note.id, 'Second reply');
    expect(await mailTo(coach)).toEqual([]);

    await sendDigests(digestDeps());
    const [digest] = await mailTo(coach, 'digest');
    expect(digest).toMatchObject({
      senderId: coach.user.id,
      subject: 'FilmRoom: 2 unread notifications',
    });
    expect(digest!.body).toContain('"First reply"');
    expect(digest!.body).toContain('"Second reply"');
    expect(digest!.body).toMatch(/\/unsubscribe\?token=/);

    // Nothing new: no second digest. One new (and one read at once): a digest of the new one.
    await sendDigests(digestDeps());
    expect(await mailTo(coach, 'digest')).toHaveLength(1);
    await reply(athlete, videoId, note.id, 'Third reply');
    await sendDigests(digestDeps());
    const digests = await mailTo(coach, 'digest');
    expect(digests).toHaveLength(2);
    const newest = digests.find((mail) => mail.id !== digest!.id)!;
    expect(newest.subject).toBe('FilmRoom: 1 unread notification');
    expect(newest.body).toContain('"Third reply"');
    expect(newest.body).not.toContain('"First reply"');
  });

  it('is scheduled once a day with pg-boss', async () => {
    const { rows } = await ctx.app.pool.query<{ cron: string; timezone: string }>(
      `SELECT cron, timezone FROM pgboss.schedule WHERE name = 'notifications.digest'`,
    );
    expect(rows).toEqual([{ cron: '0 6 * * *', timezone: 'UTC' }]);
  });

  it('looks for held notification mail every minute', async () => {
    const { rows } = await ctx.app.pool.query<{ cron: string }>(
      `SELECT cron FROM pgboss.schedule WHERE name = 'notifications.held-mail'`,
    );
    expect(rows).toEqual([{ cron: '* * * * *' }]);
  });
});

function digestDeps() {
  const { db, pool, mailer, unsubscribeLinks } = ctx.runtime.deps;
  return { db, pool, mailer, unsubscribeLinks, log: ctx.app.log, origin: 'http://localhost:3000' };
}

describe('the bell goes live over the event stream', () => {
  let origin: string;
  beforeAll(async () => {
    origin = await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(() => ctx.app.close());

  /** The `notifications` events of one person's stream, once it is open. */
  async function openStream(cookie: string) {
    const abort = new AbortController();
    const response = await fetch(`${origin}/api/events`, {
      headers: { cookie },
      signal: abort.signal,
    });
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    const read = async () => {
      const { value, done } = await reader.read();
      if (done) throw new Error('the stream ended');
      buffer += decoder.decode(value, { stream: true });
    };
    // Subscribed once the stream says it is connected.
    while (!buffer.includes(': connected')) await read();
    return {
      next: async () => {
        for (;;) {
          const match = /event: notifications\ndata: (.*)\n\n/.exec(buffer);
          if (match) {
            buffer = buffer.slice(match.index + match[0].length);
            return JSON.parse(match[1]!) as unknown;
          }
          await read();
        }
      },
      close: () => abort.abort(),
    };
  }

  it("sends each person their own count, and nobody else's", async () => {
    const { coach, athlete, videoId } = await coachSharingWithAthlete();
    const note = await addNote(coach, videoId);
    const coachStream = await openStream(coach.cookie);
    const athleteStream = await openStream(athlete.cookie);
    await reply(athlete, videoId, note.id, 'Live reply');
    expect(await coachStream.next()).toEqual({ unreadCount: 1 });
    // The athlete's stream carries their own change next, not the coach's.
    await call('POST', '/api/notifications/read-all', athlete.cookie);
    expect(await athleteStream.next()).toEqual({ unreadCount: 0 });
    coachStream.close();
    athleteStream.close();
  });

  it('drops the count of an open bell at once when a share is removed', async () => {
    const { coach, athlete, videoId } = await coachSharingWithAthlete('Withdrawn film');
    const note = await addNote(coach, videoId);
    await reply(athlete, videoId, note.id, 'On it');
    await reply(coach, videoId, note.id, 'Thanks');
    expect((await listOf(athlete)).unreadCount).toBe(2);
    const athleteStream = await openStream(athlete.cookie);

    const [shareRow] = (await call('GET', `/api/videos/${videoId}/shares`, coach.cookie)).json<
      { id: string }[]
    >();
    const removed = await call(
      'DELETE',
      `/api/videos/${videoId}/shares/${shareRow!.id}`,
      coach.cookie,
    );
    expect(removed.statusCode).toBe(200);
    // Only the count: the share notice and the reply are about a video they no longer see.
    expect(await athleteStream.next()).toEqual({ unreadCount: 0 });
    athleteStream.close();
  });
});
