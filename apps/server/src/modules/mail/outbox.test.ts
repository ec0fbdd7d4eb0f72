import { FORGOT_PASSWORD_KEPT_MESSAGE } from '@filmroom/contract';
import type { MailOutbox } from '@filmroom/contract';
import { eq } from 'drizzle-orm';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { keptLink, registerAccount, sessionCookieFrom, uniqueEmail } from '../../../test/accounts';
import { useTestApp } from '../../../test/test-app';
import { uploadVideo } from '../../../test/uploads';
import { mailOutbox } from '../../db/schema';

// No SMTP_URL: the set-up of a laptop without a relay.
const ctx = useTestApp();

const outboxOf = async (cookie: string) => {
  const response = await ctx.app.inject({ url: '/api/mail/outbox', headers: { cookie } });
  expect(response.statusCode).toBe(200);
  return response.json<MailOutbox>();
};

describe('GET /api/mail/outbox', () => {
  it('never shows a coach the invitation they caused: they cannot claim the account (issue 14)', async () => {
    const coach = await registerAccount(ctx.app, { isCoach: true, name: 'Coach Kay' });
    const email = uniqueEmail('athlete');
    const added = await ctx.app.inject({
      method: 'POST',
      url: '/api/coach/students',
      headers: { cookie: coach.cookie, host: 'filmroom.local:3000' },
      payload: { name: 'Jo', email },
    });
    expect(added.statusCode).toBe(201);

    const outbox = await outboxOf(coach.cookie);
    expect(outbox).toEqual({ delivery: 'outbox', messages: [] });
    // It is kept for the address (and the operator's log), with its link to this server.
    const token = await keptLink(ctx.app, email, 'invitation', '/reset-password');
    const [kept] = await ctx.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.recipient, email));
    expect(kept!.body).toContain('http://filmroom.local:3000/reset-password?token=');
    // Whoever does hold the address sets the password with it and then reads their own mail.
    const claimed = await ctx.app.inject({
      method: 'POST',
      url: '/api/reset-password',
      payload: { token, password: 'athlete password' },
    });
    expect(claimed.statusCode).toBe(200);
    const athlete = await outboxOf(sessionCookieFrom(claimed));
    // The link points where the reader is, not at the host the coach's request named.
    expect(athlete.messages).toEqual([
      {
        id: expect.any(String),
        kind: 'invitation',
        to: email,
        subject: 'Coach Kay invited you to FilmRoom',
        text: expect.stringContaining('http://localhost:80/reset-password?token='),
        createdAt: expect.any(String),
      },
    ]);
    expect(athlete.messages[0]!.text).not.toContain('filmroom.local');
  });

  it('shows a share notice to its recipient, not to the sharer, nor to an unproven holder of the address', async () => {
    const owner = await registerAccount(ctx.app, { name: 'Owner Olu' });
    const friend = await registerAccount(ctx.app);
    const squatter = await registerAccount(ctx.app, { confirmed: false });
    const video = await uploadVideo(ctx.app, owner.cookie, { title: 'Final' });
    for (const email of [friend.username, squatter.username]) {
      await ctx.app.inject({
        method: 'POST',
        url: `/api/videos/${video.id}/share`,
        headers: { cookie: owner.cookie },
        payload: { email, accessLevel: 'edit' },
      });
    }
    const [notice] = (await outboxOf(friend.cookie)).messages;
    expect(notice).toMatchObject({
      kind: 'share',
      to: friend.username,
      subject: 'Owner Olu shared "Final" with you on FilmRoom',
    });
    expect(notice!.text).toContain(`http://localhost:80/videos/${video.id}`);
    expect(notice!.text).toContain('Sign in with this email address to open it.');
    expect((await outboxOf(owner.cookie)).messages).toEqual([]);
    expect((await outboxOf(squatter.cookie)).messages).toEqual([]);
  });

  it("keeps password-reset mail for administrators only, never in the holder's outbox", async () => {
    const victim = await registerAccount(ctx.app);
    const forgot = await ctx.app.inject({
      method: 'POST',
      url: '/api/forgot-password',
      headers: { cookie: victim.cookie },
      payload: { email: victim.username },
    });
    expect(forgot.statusCode).toBe(200);
    // The mail is made after the answer: wait for it to be kept.
    const keptMail = () =>
      ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, victim.username));
    let kept = await keptMail();
    for (let i = 0; i < 100 && kept.length < 2; i += 1) {
      await sleep(20);
      kept = await keptMail();
    }
    // Kept, for the Admin area's mail page (see modules/admin); nobody's own outbox shows it.
    expect(kept.map((mail) => mail.kind).sort()).toEqual(['confirmation', 'password-reset']);
    expect((await outboxOf(victim.cookie)).messages).toEqual([]);
  });

  it('answers a forgotten password truthfully: kept, not sent, whether or not an account exists', async () => {
    const holder = await registerAccount(ctx.app);
    const asked = async (email: string) => {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/forgot-password',
        payload: { email },
      });
      expect(response.statusCode).toBe(200);
      return response.json<unknown>();
    };
    const forHolder = await asked(holder.username);
    expect(forHolder).toEqual({ message: FORGOT_PASSWORD_KEPT_MESSAGE, delivery: 'outbox' });
    expect(await asked(uniqueEmail('nobody'))).toEqual(forHolder);
  });

  it('needs a signed-in user', async () => {
    expect((await ctx.app.inject({ url: '/api/mail/outbox' })).statusCode).toBe(401);
  });
});
