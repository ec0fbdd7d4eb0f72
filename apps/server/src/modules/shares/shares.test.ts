import { EMAIL_LINK_MESSAGES, type Share, type Video } from '@filmroom/contract';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  keptLink,
  PASSWORD,
  registerAccount,
  sessionCookieFrom,
  uniqueEmail,
} from '../../../test/accounts';
import { useTestApp } from '../../../test/test-app';
import { uploadVideo } from '../../../test/uploads';
import { MAIL_SENDS_PER_HOUR } from '../../mail/mailer';

const ctx = useTestApp();

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, cookie?: string, payload?: object) =>
  ctx.app.inject({ method, url, payload, headers: cookie ? { cookie } : {} });

async function ownerWithVideo() {
  const owner = await registerAccount(ctx.app, { name: 'Coach Carter', isCoach: true });
  const video = await uploadVideo(ctx.app, owner.cookie, { title: 'Game 3' });
  const share = (cookie: string, body: object) =>
    call('POST', `/api/videos/${video.id}/share`, cookie, body);
  const shares = (cookie: string) => call('GET', `/api/videos/${video.id}/shares`, cookie);
  return { owner, video, share, shares };
}

describe('POST /api/videos/:id/share', () => {
  it('shares at view access by default; the share waits until the address is proven', async () => {
    const { owner, video, share, shares } = await ownerWithVideo();
    const email = uniqueEmail('later');
    const shared = await share(owner.cookie, { email: ` ${email.toUpperCase()} ` });
    expect(shared.statusCode).toBe(201);
    expect(shared.json()).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      sharedWithEmail: email,
      accessLevel: 'view',
      pending: true,
    });
    expect((await shares(owner.cookie)).json()).toEqual([shared.json()]);

    // The mail to the address carries the link that proves it: signing up through it confirms
    // the new account, and the video is there, at view access.
    const token = await keptLink(ctx.app, email, 'share', '/confirm-email');
    const follow = await call('POST', '/api/confirm-email', undefined, { token });
    expect(follow.json()).toEqual({ email, confirmed: false, accountExists: false });
    const signUp = await call('POST', '/api/register', undefined, {
      username: email,
      password: PASSWORD,
      name: 'Later Athlete',
      emailToken: token,
    });
    expect(signUp.statusCode).toBe(201);
    expect(signUp.json()).toMatchObject({ username: email, emailConfirmed: true });
    const later = sessionCookieFrom(signUp);
    const list = await call('GET', '/api/videos', later);
    expect(list.json<Video[]>()).toEqual([
      expect.objectContaining({
        id: video.id,
        isShared: true,
        accessLevel: 'view',
        sharedBy: { name: 'Coach Carter', username: owner.username },
      }),
    ]);
    const patch = await call('PATCH', `/api/videos/${video.id}`, later, { title: 'x' });
    expect(patch.statusCode).toBe(403);
    expect((await shares(owner.cookie)).json()).toEqual([{ ...shared.json(), pending: false }]);
  });

  it('reaches nobody who merely signs up with the address (the share takeover)', async () => {
    const { owner, video, share } = await ownerWithVideo();
    const shared = await share(owner.cookie, {
      email: 'Future.Athlete-' + randomUUID().slice(0, 8) + '@Test.Local',
      accessLevel: 'edit',
    });
    const email = shared.json<Share>().sharedWithEmail;
    const stranger = await registerAccount(ctx.app, { username: email, confirmed: false });
    expect(stranger.user.emailConfirmed).toBe(false);

    expect((await call('GET', '/api/videos', stranger.cookie)).json()).toEqual([]);
    for (const [method, url] of [
      ['GET', `/api/videos/${video.id}`],
      ['PATCH', `/api/videos/${video.id}`],
      ['GET', `/api/videos/${video.id}/shares`],
      ['GET', `/api/videos/${video.id}/annotations`],
      ['DELETE', `/api/videos/${video.id}`],
    ] as const) {
      const response = await call(
        method,
        url,
        stranger.cookie,
        method === 'PATCH' ? { title: 'x' } : undefined,
      );
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    // Nor does the mail with the link show in their outbox: it is the address owner's.
    const outbox = await call('GET', '/api/mail/outbox', stranger.cookie);
    expect(outbox.json()).toEqual({ delivery: 'outbox', messages: [] });
    // A link sent to another address does not confirm this one.
    const other = await share(owner.cookie, { email: uniqueEmail('other') });
    const otherToken = await keptLink(
      ctx.app,
      other.json<Share>().sharedWithEmail,
      'share',
      '/confirm-email',
    );
    const wrong = await call('POST', '/api/register', undefined, {
      username: uniqueEmail('third'),
      password: PASSWORD,
      name: 'Third',
      emailToken: otherToken,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: EMAIL_LINK_MESSAGES.otherAddress });

    // The owner of the address follows the link, not signed in: it proves the address to them,
    // but does not hand them (nor confirm for the stranger) an account they did not make.
    const token = await keptLink(ctx.app, email, 'share', '/confirm-email');
    const followed = await call('POST', '/api/confirm-email', undefined, { token });
    expect(followed.json()).toEqual({ email, confirmed: false, accountExists: true });
    expect((await call('GET', `/api/videos/${video.id}`, stranger.cookie)).statusCode).toBe(404);
    expect((await call('GET', '/api/user', stranger.cookie)).json().emailConfirmed).toBe(false);
  });

  it('reaches someone who signed up but had not confirmed yet, once they follow the link signed in', async () => {
    const { owner, video, share } = await ownerWithVideo();
    const late = await registerAccount(ctx.app, { confirmed: false });
    await share(owner.cookie, { email: late.username });
    const token = await keptLink(ctx.app, late.username, 'share', '/confirm-email');
    const followed = await call('POST', '/api/confirm-email', late.cookie, { token });
    expect(followed.json()).toEqual({ email: late.username, confirmed: true, accountExists: true });
    expect((await call('GET', `/api/videos/${video.id}`, late.cookie)).statusCode).toBe(200);
  });

  it('changes the level when shared again with the same address', async () => {
    const { owner, video, share, shares } = await ownerWithVideo();
    const athlete = await registerAccount(ctx.app);
    const first = (await share(owner.cookie, { email: athlete.username })).json<Share>();
    const raised = await share(owner.cookie, { email: athlete.username, accessLevel: 'edit' });
    expect(raised.statusCode).toBe(200);
    expect(raised.json()).toEqual({ ...first, accessLevel: 'edit' });
    expect((await shares(owner.cookie)).json()).toHaveLength(1);

    const detail = await call('GET', `/api/videos/${video.id}`, athlete.cookie);
    expect(detail.json()).toMatchObject({ isShared: true, accessLevel: 'edit' });
    const patch = await call('PATCH', `/api/videos/${video.id}`, athlete.cookie, {
      title: 'Edited by the athlete',
    });
    expect(patch.statusCode).toBe(200);
  });

  it('lets an editor share further; a viewer may not (403), a stranger cannot tell it exists (404)', async () => {
    const { owner, share } = await ownerWithVideo();
    const editor = await registerAccount(ctx.app);
    const viewer = await registerAccount(ctx.app);
    const stranger = await registerAccount(ctx.app);
    await share(owner.cookie, { email: editor.username, accessLevel: 'edit' });
    await share(owner.cookie, { email: viewer.username });

    expect((await share(editor.cookie, { email: uniqueEmail() })).statusCode).toBe(201);
    const byViewer = await share(viewer.cookie, { email: uniqueEmail() });
    expect(byViewer.statusCode).toBe(403);
    expect(byViewer.json()).toEqual({
      message: 'You have view access to this video: only its owner or an editor can change it',
    });
    const byStranger = await share(stranger.cookie, { email: uniqueEmail() });
    expect(byStranger.statusCode).toBe(404);
    expect(byStranger.json()).toEqual({ message: 'Video not found' });
  });

  it('refuses yourself, the owner and bad input with 400 naming the problem', async () => {
    const { owner, share } = await ownerWithVideo();
    const editor = await registerAccount(ctx.app);
    await share(owner.cookie, { email: editor.username, accessLevel: 'edit' });

    const self = await share(owner.cookie, { email: owner.username.toUpperCase() });
    expect(self.statusCode).toBe(400);
    expect(self.json()).toEqual({ message: 'You cannot share a video with yourself' });
    const toOwner = await share(editor.cookie, { email: owner.username });
    expect(toOwner.statusCode).toBe(400);
    expect(toOwner.json()).toEqual({
      message: 'You cannot share a video with its owner: they always have full access',
    });
    const editorDemotesSelf = await share(editor.cookie, { email: editor.username });
    expect(editorDemotesSelf.statusCode).toBe(400);

    for (const [body, message] of [
      [{}, 'Please enter an email to share with'],
      [{ email: '  ' }, 'Please enter an email to share with'],
      [{ email: 'nope' }, 'Please enter a valid email address'],
      [{ email: 'a@example.com', accessLevel: 'admin' }, 'Access level must be view or edit'],
    ] as const) {
      const response = await share(owner.cookie, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toEqual({ message });
    }
    const badId = await call('POST', '/api/videos/nope/share', owner.cookie, { email: 'a@b.co' });
    expect(badId.json()).toEqual({ message: 'Video id must be a UUID' });
  });
});

describe('the mail a user can cause', () => {
  it(`is capped at ${MAIL_SENDS_PER_HOUR} shares an hour per account`, async () => {
    const { owner, share } = await ownerWithVideo();
    for (let i = 0; i < MAIL_SENDS_PER_HOUR; i += 1) {
      expect((await share(owner.cookie, { email: `fan${i}@example.com` })).statusCode).toBe(201);
    }
    const capped = await share(owner.cookie, { email: 'one-more@example.com' });
    expect(capped.statusCode).toBe(429);
    expect(capped.json().message).toMatch(/^Too many shares from this account\. Try again in/);
    // Someone else is not held back by it.
    const other = await ownerWithVideo();
    expect((await other.share(other.owner.cookie, { email: 'fan0@example.com' })).statusCode).toBe(
      201,
    );
  });
});

describe('GET /api/videos/:id/shares', () => {
  it('lists the shares to the owner and editors only', async () => {
    const { owner, video, share, shares } = await ownerWithVideo();
    const editor = await registerAccount(ctx.app);
    const viewer = await registerAccount(ctx.app);
    await share(owner.cookie, { email: editor.username, accessLevel: 'edit' });
    await share(owner.cookie, { email: viewer.username, accessLevel: 'view' });

    const pending = uniqueEmail('pending');
    await share(owner.cookie, { email: pending });
    const expected = [
      {
        id: expect.any(String),
        sharedWithEmail: editor.username,
        accessLevel: 'edit',
        pending: false,
      },
      {
        id: expect.any(String),
        sharedWithEmail: viewer.username,
        accessLevel: 'view',
        pending: false,
      },
      { id: expect.any(String), sharedWithEmail: pending, accessLevel: 'view', pending: true },
    ];
    expect((await shares(owner.cookie)).json()).toEqual(expected);
    expect((await shares(editor.cookie)).json()).toEqual(expected);
    // Sharees' addresses are for editors only.
    const byViewer = await shares(viewer.cookie);
    expect(byViewer.statusCode).toBe(403);
    expect(byViewer.body).not.toContain(editor.username);
    expect((await shares((await registerAccount(ctx.app)).cookie)).statusCode).toBe(404);
    expect((await call('GET', `/api/videos/${video.id}/shares`)).statusCode).toBe(401);
  });
});

describe('DELETE /api/videos/:id/shares/:shareId', () => {
  it('stops the sharing: the person loses the video', async () => {
    const { owner, video, share } = await ownerWithVideo();
    const viewer = await registerAccount(ctx.app);
    const { id } = (await share(owner.cookie, { email: viewer.username })).json<Share>();
    const remove = (cookie: string, shareId = id, videoId = video.id) =>
      call('DELETE', `/api/videos/${videoId}/shares/${shareId}`, cookie);

    expect((await remove(viewer.cookie)).statusCode).toBe(403);
    const removed = await remove(owner.cookie);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ message: 'Share removed successfully' });
    expect((await call('GET', `/api/videos/${video.id}`, viewer.cookie)).statusCode).toBe(404);
    expect((await call('GET', '/api/videos', viewer.cookie)).json()).toEqual([]);

    const again = await remove(owner.cookie);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: 'Share not found' });
    const badShareId = await remove(owner.cookie, 'nope');
    expect(badShareId.json()).toEqual({ message: 'Share id must be a UUID' });
  });

  it("will not remove another video's share through this video", async () => {
    const first = await ownerWithVideo();
    const second = await ownerWithVideo();
    const viewer = await registerAccount(ctx.app);
    const { id } = (
      await first.share(first.owner.cookie, { email: viewer.username })
    ).json<Share>();
    const sideways = await call(
      'DELETE',
      `/api/videos/${second.video.id}/shares/${id}`,
      second.owner.cookie,
    );
    expect(sideways.statusCode).toBe(404);
    expect((await first.shares(first.owner.cookie)).json()).toHaveLength(1);
    expect(
      (await call('DELETE', `/api/videos/${randomUUID()}/shares/${id}`, first.owner.cookie))
        .statusCode,
    ).toBe(404);
  });
});
