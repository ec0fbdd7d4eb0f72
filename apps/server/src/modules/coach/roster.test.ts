import type { CoachStudentLink } from '@filmroom/contract';
import { eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { INVITED_ACCOUNT_MESSAGE } from '../auth/auth-service';
import { PASSWORD, registerAccount, sessionCookieFrom, uniqueEmail } from '../../../test/accounts';
import { linkIn, startSmtpPeer } from '../../../test/smtp-peer';
import { useTestApp } from '../../../test/test-app';
import { passwordTokens, users } from '../../db/schema';

const ORIGIN = 'https://film.example.org';
const peer = await startSmtpPeer();
afterAll(() => peer.close());
const ctx = useTestApp({ SMTP_URL: peer.url, PUBLIC_ORIGIN: ORIGIN });

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, cookie?: string, payload?: object) =>
  ctx.app.inject({ method, url, payload, headers: cookie ? { cookie } : {} });

const addStudent = (cookie: string, body: object) =>
  call('POST', '/api/coach/students', cookie, body);

const coach = (name = 'Coach Kay') => registerAccount(ctx.app, { isCoach: true, name });

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
      student: { name: 'Jo Runner', username: email },
      invitationPending: true,
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

    const claimed = await call('POST', '/api/reset-password', undefined, {
      token: new URL(setPassword).searchParams.get('token'),
      password: 'my own password',
    });
    expect(claimed.statusCode).toBe(200);
    expect(claimed.json()).toMatchObject({ id: link.studentId, name: 'Jo Runner', isCoach: false });
    const me = await call('GET', '/api/user', sessionCookieFrom(claimed));
    expect(me.json().username).toBe(email);

    const list = await call('GET', '/api/coach/students', kay.cookie);
    expect(list.json()).toEqual([{ ...link, invitationPending: false }]);
  });

  it('names the account after the e-mail when no name is given', async () => {
    const kay = await coach();
    const added = await addStudent(kay.cookie, { email: 'sam.lee@example.com', name: '   ' });
    expect(added.statusCode).toBe(201);
    expect(added.json().student).toEqual({ name: 'sam.lee', username: 'sam.lee@example.com' });
  });
});

describe('adding a student who already has an account', () => {
  it('links the account as it is and tells them, with no link that sets a password', async () => {
    const kay = await coach('Coach Kay');
    const athlete = await registerAccount(ctx.app, { name: 'Pat Keeper' });
    const added = await addStudent(kay.cookie, { email: athlete.username });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({
      studentId: athlete.user.id,
      student: { name: 'Pat Keeper', username: athlete.username },
      invitationPending: false,
    });
    const notice = await peer.mailTo(athlete.username);
    expect(notice.subject).toBe('Coach Kay added you to their athletes on FilmRoom');
    expect(notice.text).toContain(`${ORIGIN}/`);
    expect(notice.text).not.toContain('token=');

    const again = await addStudent(kay.cookie, { email: athlete.username.toUpperCase() });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'This student is already on your list' });
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
    expect(notice.subject).toBe('Second Coach added you to their athletes on FilmRoom');
    expect(notice.text).not.toContain('token=');
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
    const athlete = await registerAccount(ctx.app, { name: 'Robin Account' });
    await addStudent(kay.cookie, { email: athlete.username });
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
      student: { name: 'Robin (keeper)', username: athlete.username },
    });
    const own = await call('GET', '/api/user', athlete.cookie);
    expect(own.json().name).toBe('Robin Account');
    const students = await call('GET', '/api/students', kay.cookie);
    expect(students.json()).toEqual([
      { id: athlete.user.id, name: 'Robin (keeper)', username: athlete.username },
    ]);

    // Blank and missing values keep what the card shows.
    const kept = await patch({ name: '  ', email: '   ' });
    expect(kept.json().student).toEqual({ name: 'Robin (keeper)', username: athlete.username });
    expect((await patch({})).json().student.name).toBe('Robin (keeper)');
    // Back to the account's own name: the card follows the account again.
    expect((await patch({ name: 'Robin Account' })).json().student.name).toBe('Robin Account');
  });

  it('points the card at a corrected e-mail, inviting it when it has no account', async () => {
    const { kay, athlete, patch } = await rosterWithOne();
    const corrected = uniqueEmail('corrected');
    const moved = await patch({ email: corrected });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({
      student: { name: 'Robin Account', username: corrected },
      invitationPending: true,
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
