import type { CoachStudentLink } from '@filmroom/contract';
import { eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { EMAIL_LINK_MESSAGES } from '@filmroom/contract';
import { INVITED_ACCOUNT_MESSAGE } from '../auth/auth-service';
import { CONFIRM_FIRST_MESSAGE, UNCONFIRMED_ACCOUNT_MESSAGE } from './coach-link-service';
import { addAcceptedStudent } from '../../../test/roster';
import { PASSWORD, registerAccount, sessionCookieFrom, uniqueEmail } from '../../../test/accounts';
import { linkIn, startSmtpPeer } from '../../../test/smtp-peer';
import { useTestApp } from '../../../test/test-app';
import { passwordTokens, users } from '../../db/schema';

const ORIGIN = 'https://film.example.org';
const peer = await startSmtpPeer();
afterAll(() => peer.close());
const ctx = useTestApp({ SMTP_URL: peer.url, PUBLIC_ORIGIN: ORIGIN });

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, cookie?: string, payload?: object) =>
  ctx.app.inject({ method, url, payload, headers: cookie ? { cookie } : {} });

const addStudent = (cookie: string, body: object) =>
  call('POST', '/api/coach/students', cookie, body);

const coach = (name = 'Coach Kay') => registerAccount(ctx.app, { isCoach: true, name });

/** An athlete who owns their address: they followed the link mailed at sign-up. */
async function confirmedAthlete(name = 'Pat Keeper', isCoach = false) {
  const account = await registerAccount(ctx.app, { name, isCoach });
  const mail = await peer.mailTo(account.username, /^Confirm your email address/);
  const link = linkIn(mail, `${ORIGIN}/confirm-email?token=`);
  const token = new URL(link).searchParams.get('token');
  expect((await call('POST', '/api/confirm-email', undefined, { token })).statusCode).toBe(200);
  return account;
}

const invitationsOf = (cookie: string) => call('GET', '/api/roster/coaches', cookie);
const answer = (cookie: string | undefined, linkId: string, what: 'accept' | 'decline') =>
  call('POST', `/api/roster/coaches/${linkId}/${what}`, cookie);
const tokenOf = (link: string) => new URL(link).searchParams.get('token');

describe('adding a student who has no account', () => {
  it('makes the account without a password, invites them, and the link lets them in', async () => {
    const kay = await coach();
    const email = uniqueEmail('new-athlete');
    const added = await addStudent(kay.cookie, {
      name: '  Jo Runner ',
      email: ` ${email.toUpperCase()} `,
    });
    expect(added.statusCode).toBe(201);
    const link = added.json<CoachStudentLink>();
    expect(link).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      studentId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      student: { name: 'Jo Runner', username: email, avatarUrl: null, heightCm: null },
      invitationPending: true,
      status: 'pending',
    });

    // No password opens the account yet, and it says so no differently than a wrong password.
    const login = await call('POST', '/api/login', undefined, { username: email, password: '!' });
    expect(login.statusCode).toBe(401);
    expect(login.json()).toEqual({ message: 'Invalid username or password' });
    // Signing up instead points them at the invitation rather than at signing in.
    const signUp = await call('POST', '/api/register', undefined, {
      username: email,
      password: 'my own password',
      name: 'Jo',
      isCoach: false,
    });
    expect(signUp.statusCode).toBe(409);
    expect(signUp.json()).toEqual({ message: INVITED_ACCOUNT_MESSAGE });

    const invitation = await peer.mailTo(email);
    expect(invitation.subject).toBe('Coach Kay invited you to FilmRoom');
    expect(invitation.text).toContain('Hello Jo Runner,');
    const setPassword = linkIn(invitation, `${ORIGIN}/reset-password?token=`);
    const [token] = await ctx.database.db
      .select()
      .from(passwordTokens)
      .where(eq(passwordTokens.userId, link.studentId));
    expect(token!.purpose).toBe('invitation');
    const days = (token!.expiresAt.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);

    // Mail to the address is the athlete's alone: it is not in the coach's outbox either.
    expect(invitation.text).toContain('accept or decline');

    const claimed = await call('POST', '/api/reset-password', undefined, {
      token: tokenOf(setPassword),
      password: 'my own password',
    });
    expect(claimed.statusCode).toBe(200);
    // The link reached the address: the new account is confirmed.
    expect(claimed.json()).toMatchObject({
      id: link.studentId,
      name: 'Jo Runner',
      isCoach: false,
      emailConfirmed: true,
    });
    const jo = sessionCookieFrom(claimed);
    expect((await call('GET', '/api/user', jo)).json().username).toBe(email);

    // Setting a password is not saying yes to the coach: the athlete answers in the app.
    expect((await call('GET', '/api/coach/students', kay.cookie)).json()).toEqual([link]);
    const invitations = await invitationsOf(jo);
    expect(invitations.json()).toEqual([
      { id: link.id, coach: { name: 'Coach Kay', username: kay.username }, status: 'pending' },
    ]);
    const accepted = await answer(jo, link.id, 'accept');
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual({ message: 'Invitation accepted' });
    expect((await call('GET', '/api/coach/students', kay.cookie)).json()).toEqual([
      { ...link, invitationPending: false, status: 'accepted' },
    ]);
    expect((await invitationsOf(jo)).json()[0].status).toBe('accepted');
  });

  it('names the account after the e-mail when no name is given; the card shows the address', async () => {
    const kay = await coach();
    const email = uniqueEmail('sam.lee');
    const added = await addStudent(kay.cookie, { email, name: '   ' });
    expect(added.statusCode).toBe(201);
    expect(added.json().student).toEqual({
      name: email,
      username: email,
      avatarUrl: null,
      heightCm: null,
    });
    const [made] = await ctx.database.db.select().from(users).where(eq(users.username, email));
    expect(made!.name).toBe(email.split('@')[0]);
  });
});

describe('adding a student who already has an account', () => {
  it('asks them first: until they accept the coach has only the address typed', async () => {
    const kay = await coach('Coach Kay');
    const athlete = await confirmedAthlete('Pat Keeper');
    const added = await addStudent(kay.cookie, { email: athlete.username });
    expect(added.statusCode).toBe(201);
    const link = added.json<CoachStudentLink>();
    expect(link).toEqual({
      id: expect.any(String),
      studentId: athlete.user.id,
      student: {
        name: athlete.username,
        username: athlete.username,
        avatarUrl: null,
        heightCm: null,
      },
      invitationPending: true,
      status: 'pending',
    });
    expect(added.body).not.toContain('Pat Keeper');
    // No name, no player card, no place among the coach's athletes.
    expect((await call('GET', '/api/coach/students', kay.cookie)).body).not.toContain('Pat Keeper');
    expect((await call('GET', '/api/students', kay.cookie)).json()).toEqual([]);
    expect((await call('GET', `/api/players/${athlete.user.id}`, kay.cookie)).statusCode).toBe(404);

    // The mail asks; its link answers (and sets no password).
    const mail = await peer.mailTo(athlete.username, /wants to add you/);
    expect(mail.subject).toBe('Coach Kay wants to add you to their athletes on FilmRoom');
    expect(mail.text).not.toContain('reset-password');
    const token = tokenOf(linkIn(mail, `${ORIGIN}/roster-invitation?token=`));
    const shown = await call('POST', '/api/roster-invitation', undefined, { token });
    expect(shown.json()).toEqual({
      email: athlete.username,
      coach: { name: 'Coach Kay' },
      status: 'pending',
    });
    // Answered from the mail, signed out: the coach now knows them by their name.
    const yes = await call('POST', '/api/roster-invitation/answer', undefined, {
      token,
      answer: 'accept',
    });
    expect(yes.statusCode).toBe(200);
    expect(yes.json()).toMatchObject({ status: 'accepted' });
    expect((await call('GET', '/api/coach/students', kay.cookie)).json()).toEqual([
      {
        ...link,
        student: {
          name: 'Pat Keeper',
          username: athlete.username,
          avatarUrl: null,
          heightCm: null,
        },
        invitationPending: false,
        status: 'accepted',
      },
    ]);
    expect((await call('GET', `/api/players/${athlete.user.id}`, kay.cookie)).statusCode).toBe(200);
    const reused = await call('POST', '/api/roster-invitation/answer', undefined, {
      token,
      answer: 'decline',
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual({ message: EMAIL_LINK_MESSAGES.used });

    const again = await addStudent(kay.cookie, { email: athlete.username.toUpperCase() });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'This student is already on your list' });
  });

  it("shows the athlete's photo on the card once they accept, never before", async () => {
    const kay = await coach('Coach Kay');
    const athlete = await confirmedAthlete('Pat Keeper');
    const photo = `/uploads/users/${athlete.user.id}/photos/face.jpg`;
    await ctx.database.db
      .update(users)
      .set({ avatarUrl: photo })
      .where(eq(users.id, athlete.user.id));
    const added = (
      await addStudent(kay.cookie, { email: athlete.username })
    ).json<CoachStudentLink>();
    expect(added.student.avatarUrl).toBeNull();
    const [invitation] = (await invitationsOf(athlete.cookie)).json<{ id: string }[]>();
    expect((await answer(athlete.cookie, invitation!.id, 'accept')).statusCode).toBe(200);
    const [card] = (await call('GET', '/api/coach/students', kay.cookie)).json<
      CoachStudentLink[]
    >();
    expect(card!.student).toEqual({
      name: 'Pat Keeper',
      username: athlete.username,
      avatarUrl: photo,
      heightCm: null,
    });
  });

  it("shares the athlete's height with their coaches once they accept: never before, nor with another coach", async () => {
    const kay = await coach('Coach Kay');
    const lee = await coach('Coach Lee');
    const athlete = await confirmedAthlete('Tall Tess');
    const profile = await call('PUT', '/api/user/profile', athlete.cookie, {
      name: 'Tall Tess',
      heightCm: 183,
    });
    expect(profile.statusCode).toBe(200);
    const heightOnCard = async (cookie: string) =>
      (await call('GET', '/api/coach/students', cookie))
        .json<CoachStudentLink[]>()
        .find((card) => card.student.username === athlete.username)?.student.heightCm;

    const added = (
      await addStudent(kay.cookie, { email: athlete.username })
    ).json<CoachStudentLink>();
    expect(added.student.heightCm).toBeNull();
    expect(await heightOnCard(kay.cookie)).toBeNull();
    // Lee's invitation is never answered.
    expect((await addStudent(lee.cookie, { email: athlete.username })).statusCode).toBe(201);

    const invitations = (await invitationsOf(athlete.cookie)).json<
      { id: string; coach: { name: string } }[]
    >();
    const fromKay = invitations.find((invitation) => invitation.coach.name === 'Coach Kay');
    expect((await answer(athlete.cookie, fromKay!.id, 'accept')).statusCode).toBe(200);
    expect(await heightOnCard(kay.cookie)).toBe(183);
    expect(await heightOnCard(lee.cookie)).toBeNull();
    // Nobody else reads it anywhere else either: their own account is theirs.
    expect((await call('GET', '/api/user', kay.cookie)).json().heightCm).toBeNull();
  });

  it('lets the athlete decline in the app, and leave a list they joined', async () => {
    const kay = await coach('Coach Kay');
    const lee = await coach('Coach Lee');
    const athlete = await confirmedAthlete('Pat Keeper');
    const fromKay = (await addStudent(kay.cookie, { email: athlete.username })).json();
    const fromLee = (
      await addStudent(lee.cookie, { name: 'Goalie', email: athlete.username })
    ).json();
    expect(fromLee.student.name).toBe('Goalie');

    const declined = await answer(athlete.cookie, fromKay.id, 'decline');
    expect(declined.json()).toEqual({ message: 'Invitation declined' });
    const kayList = (await call('GET', '/api/coach/students', kay.cookie)).json();
    expect(kayList).toEqual([{ ...fromKay, status: 'declined', invitationPending: false }]);
    expect(JSON.stringify(kayList)).not.toContain('Pat Keeper');
    expect((await answer(athlete.cookie, fromKay.id, 'accept')).statusCode).toBe(404);

    expect((await answer(athlete.cookie, fromLee.id, 'accept')).statusCode).toBe(200);
    expect((await invitationsOf(athlete.cookie)).json()).toEqual([
      { id: fromLee.id, coach: { name: 'Coach Lee', username: lee.username }, status: 'accepted' },
    ]);
    expect((await call('GET', `/api/players/${athlete.user.id}`, lee.cookie)).statusCode).toBe(200);
    const left = await call('DELETE', `/api/roster/coaches/${fromLee.id}`, athlete.cookie);
    expect(left.statusCode).toBe(200);
    expect(left.json()).toEqual({ message: "You left the coach's list" });
    expect((await call('GET', '/api/coach/students', lee.cookie)).json()).toEqual([]);
    expect((await call('GET', `/api/players/${athlete.user.id}`, lee.cookie)).statusCode).toBe(404);
    expect((await invitationsOf(athlete.cookie)).json()).toEqual([]);
    const twice = await call('DELETE', `/api/roster/coaches/${fromLee.id}`, athlete.cookie);
    expect(twice.statusCode).toBe(404);
  });

  it('lets nobody else answer: another athlete, the coach, an unconfirmed holder of the address, or nobody signed in', async () => {
    const kay = await confirmedAthlete('Coach Kay', true);
    const athlete = await confirmedAthlete('Pat Keeper');
    const other = await confirmedAthlete('Someone Else');
    const { id } = (await addStudent(kay.cookie, { email: athlete.username })).json();
    for (const cookie of [other.cookie, kay.cookie]) {
      for (const what of ['accept', 'decline'] as const) {
        const response = await answer(cookie, id, what);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ message: 'Invitation not found' });
      }
      expect((await call('DELETE', `/api/roster/coaches/${id}`, cookie)).statusCode).toBe(404);
    }
    expect((await answer(undefined, id, 'accept')).statusCode).toBe(401);
    expect((await invitationsOf('')).statusCode).toBe(401);
    expect((await invitationsOf(other.cookie)).json()).toEqual([]);
    const badId = await answer(athlete.cookie, 'nope', 'accept');
    expect(badId.statusCode).toBe(400);
    expect(badId.json()).toEqual({ message: 'Invitation id must be a UUID' });

    // Someone who signed up with an address they never proved: invitations to it wait.
    const squatter = await registerAccount(ctx.app, { name: 'Squatter' });
    const toSquatter = (await addStudent(kay.cookie, { email: squatter.username })).json();
    expect((await invitationsOf(squatter.cookie)).json()).toEqual([]);
    const refused = await answer(squatter.cookie, toSquatter.id, 'accept');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: CONFIRM_FIRST_MESSAGE });
    // Whoever reads the address's mail cannot answer for an account someone else made with it.
    const mail = await peer.mailTo(squatter.username, /wants to add you/);
    const byLink = await call('POST', '/api/roster-invitation/answer', undefined, {
      token: tokenOf(linkIn(mail, `${ORIGIN}/roster-invitation?token=`)),
      answer: 'accept',
    });
    expect(byLink.statusCode).toBe(403);
    expect(byLink.json()).toEqual({ message: UNCONFIRMED_ACCOUNT_MESSAGE });
    expect((await invitationsOf(squatter.cookie)).json()).toEqual([]);
    // Bad links are 400s that say why.
    for (const body of [{}, { token: 'x'.repeat(43) }, { token: 'x', answer: 'maybe' }]) {
      const response = await call('POST', '/api/roster-invitation/answer', undefined, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  it("never hands a second coach a link into another coach's invitee", async () => {
    const first = await coach('First Coach');
    const second = await coach('Second Coach');
    const email = uniqueEmail('shared-athlete');
    expect((await addStudent(first.cookie, { email })).statusCode).toBe(201);
    await peer.mailTo(email);
    peer.received.length = 0;
    expect((await addStudent(second.cookie, { email })).statusCode).toBe(201);
    const notice = await peer.mailTo(email);
    expect(notice.subject).toBe('Second Coach wants to add you to their athletes on FilmRoom');
    expect(notice.text).not.toContain('reset-password');
  });

  it('refuses the coach themselves with 400', async () => {
    const kay = await coach();
    const self = await addStudent(kay.cookie, { email: kay.username });
    expect(self.statusCode).toBe(400);
    expect(self.json()).toEqual({ message: 'You cannot add yourself as a student' });
  });
});

describe('Add Student validation', () => {
  it.each([
    [{}, 'Please enter a student email'],
    [{ email: '   ', name: 'A' }, 'Please enter a student email'],
    [{ email: 'not-an-email' }, 'Please enter a valid student email'],
    [{ email: 42 }, 'Please enter a student email'],
    [{ email: 'a@example.com', name: 'n'.repeat(101) }, 'Name must be at most 100 characters'],
  ])('refuses %j with 400 naming the problem', async (body, message) => {
    const kay = await coach();
    const response = await addStudent(kay.cookie, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
  });
});

describe('editing a student', () => {
  async function rosterWithOne() {
    const kay = await coach();
    const athlete = await confirmedAthlete('Robin Account');
    await addAcceptedStudent(ctx.app, kay, athlete);
    const patch = (body: object, studentId = athlete.user.id) =>
      call('PATCH', `/api/coach/students/${studentId}`, kay.cookie, body);
    return { kay, athlete, patch };
  }

  it("renames the card for this coach only: the athlete's own account keeps its name", async () => {
    const { kay, athlete, patch } = await rosterWithOne();
    const renamed = await patch({ name: 'Robin (keeper)', email: '' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({
      studentId: athlete.user.id,
      student: {
        name: 'Robin (keeper)',
        username: athlete.username,
        avatarUrl: null,
        heightCm: null,
      },
    });
    const own = await call('GET', '/api/user', athlete.cookie);
    expect(own.json().name).toBe('Robin Account');
    const students = await call('GET', '/api/students', kay.cookie);
    expect(students.json()).toEqual([
      { id: athlete.user.id, name: 'Robin (keeper)', username: athlete.username },
    ]);

    // Blank and missing values keep what the card shows.
    const kept = await patch({ name: '  ', email: '   ' });
    expect(kept.json().student).toEqual({
      name: 'Robin (keeper)',
      username: athlete.username,
      avatarUrl: null,
      heightCm: null,
    });
    expect((await patch({})).json().student.name).toBe('Robin (keeper)');
    // Back to the account's own name: the card follows the account again.
    expect((await patch({ name: 'Robin Account' })).json().student.name).toBe('Robin Account');
  });

  it('points the card at a corrected e-mail, inviting it when it has no account', async () => {
    const { kay, athlete, patch } = await rosterWithOne();
    const corrected = uniqueEmail('corrected');
    const moved = await patch({ email: corrected });
    expect(moved.statusCode).toBe(200);
    // The card asks the new address afresh, keeping the name the coach knew.
    expect(moved.json()).toMatchObject({
      student: { name: 'Robin Account', username: corrected, avatarUrl: null, heightCm: null },
      invitationPending: true,
      status: 'pending',
    });
    expect(moved.json().studentId).not.toBe(athlete.user.id);
    expect((await peer.mailTo(corrected)).subject).toBe('Coach Kay invited you to FilmRoom');
    // The first account is untouched: same e-mail, still signs in.
    const [first] = await ctx.database.db.select().from(users).where(eq(users.id, athlete.user.id));
    expect(first!.username).toBe(athlete.username);
    const login = await call('POST', '/api/login', undefined, {
      username: athlete.username,
      password: PASSWORD,
    });
    expect(login.statusCode).toBe(200);
    const roster = await call('GET', '/api/coach/students', kay.cookie);
    expect(roster.json().map((link: CoachStudentLink) => link.student.username)).toEqual([
      corrected,
    ]);
  });

  it('refuses an e-mail already on the list (409), a bad e-mail (400) and an unknown student (404)', async () => {
    const { kay, patch } = await rosterWithOne();
    const other = await registerAccount(ctx.app);
    await addStudent(kay.cookie, { email: other.username });
    const taken = await patch({ email: other.username });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ message: 'This student is already on your list' });
    const bad = await patch({ email: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'Please enter a valid student email' });
    const self = await patch({ email: kay.username });
    expect(self.statusCode).toBe(400);
    const unknown = await patch({ name: 'x' }, randomUUID());
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Student not found' });
    const badId = await patch({ name: 'x' }, 'abc');
    expect(badId.statusCode).toBe(400);
    expect(badId.json()).toEqual({ message: 'Student id must be a UUID' });
  });
});

describe('removing a student', () => {
  it("removes only the link: the athlete's account stays", async () => {
    const kay = await coach();
    const athlete = await registerAccount(ctx.app);
    await addStudent(kay.cookie, { email: athlete.username });
    const remove = () => call('DELETE', `/api/coach/students/${athlete.user.id}`, kay.cookie);
    const removed = await remove();
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ message: 'Student removed successfully' });
    expect((await call('GET', '/api/coach/students', kay.cookie)).json()).toEqual([]);
    expect((await call('GET', '/api/user', athlete.cookie)).statusCode).toBe(200);
    expect((await remove()).statusCode).toBe(404);
  });
});

describe('who keeps a roster', () => {
  it('answers 403 to athletes and 401 to signed-out requests on every roster route', async () => {
    const athlete = await registerAccount(ctx.app);
    const id = randomUUID();
    const routes: [Method, string, object?][] = [
      ['GET', '/api/coach/students'],
      ['POST', '/api/coach/students', { email: uniqueEmail() }],
      ['PATCH', `/api/coach/students/${id}`, { name: 'x' }],
      ['DELETE', `/api/coach/students/${id}`],
    ];
    for (const [method, url, body] of routes) {
      const asAthlete = await call(method, url, athlete.cookie, body);
      expect(asAthlete.statusCode, `${method} ${url}`).toBe(403);
      expect(asAthlete.json()).toEqual({ message: 'Only coaches keep a list of students' });
      expect((await call(method, url, undefined, body)).statusCode).toBe(401);
    }
  });
});
