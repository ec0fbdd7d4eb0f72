import { afterAll, describe, expect, it } from 'vitest';
import { registerAccount } from '../../../test/accounts';
import { linkIn, startSmtpPeer } from '../../../test/smtp-peer';
import { useTestApp } from '../../../test/test-app';
import { insertReadyVideo } from '../../../test/videos';

const ORIGIN = 'https://film.example.org';
const peer = await startSmtpPeer();
afterAll(() => peer.close());
const ctx = useTestApp({ SMTP_URL: peer.url, PUBLIC_ORIGIN: ORIGIN });

type Method = 'GET' | 'POST';
const call = (method: Method, url: string, cookie?: string, payload?: object) =>
  ctx.app.inject({ method, url, payload, headers: cookie ? { cookie } : {} });

/** Someone who followed the link mailed at sign-up. */
async function confirmed(name: string) {
  const account = await registerAccount(ctx.app, { name });
  const mail = await peer.mailTo(account.username, /^Confirm your email address/);
  const token = new URL(linkIn(mail, `${ORIGIN}/confirm-email?token=`)).searchParams.get('token');
  expect((await call('POST', '/api/confirm-email', undefined, { token })).statusCode).toBe(200);
  return account;
}

describe('notification mail through a real relay', () => {
  it('reaches the coach with the link to the reply and a one-click List-Unsubscribe that works', async () => {
    const coach = await confirmed('Coach Carter');
    const athlete = await confirmed('Jamie Athlete');
    const videoId = await insertReadyVideo(ctx.app, coach.user.id, { title: 'Game 3' });
    await call('POST', `/api/videos/${videoId}/share`, coach.cookie, { email: athlete.username });
    const note = await call('POST', `/api/videos/${videoId}/annotations`, coach.cookie, {
      content: 'Knees out',
      timestamp: 2,
      xPosition: 50,
      yPosition: 50,
    });
    const noteId = note.json<{ id: string }>().id;
    await call('POST', `/api/videos/${videoId}/annotations/${noteId}/replies`, athlete.cookie, {
      content: 'On it',
    });

    const mail = await peer.mailTo(coach.username, /replied to a note/);
    expect(mail.subject).toBe('Jamie Athlete replied to a note on "Game 3" at 0:02');
    expect(linkIn(mail, `${ORIGIN}/videos/`)).toMatch(
      new RegExp(`^${ORIGIN}/videos/${videoId}\\?note=${noteId}&reply=[0-9a-f-]{36}&t=2$`),
    );
    const page = linkIn(mail, `${ORIGIN}/unsubscribe?token=`);
    const header = (key: string) =>
      mail.headerLines
        .find((line) => line.key === key)
        ?.line.slice(key.length + 1)
        .trim();
    const oneClick = header('list-unsubscribe')!.replace(/^<|>$/g, '');
    expect(oneClick).toBe(
      `${ORIGIN}/api/notifications/unsubscribe?token=${new URL(page).searchParams.get('token')}`,
    );
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');

    // What a mail program does with it: POST the form, no cookie.
    const response = await ctx.app.inject({
      method: 'POST',
      url: oneClick.slice(ORIGIN.length),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(response.statusCode).toBe(200);
    expect((await call('GET', '/api/notifications/settings', coach.cookie)).json()).toEqual({
      email: 'off',
    });
  });
});
