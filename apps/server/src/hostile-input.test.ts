import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, registerAccount, sessionCookieFrom, uniqueEmail } from '../test/accounts';
import { DISGUISED_FILES } from '../test/hostile-values';
import { useTestApp } from '../test/test-app';
import { multipartBody } from '../test/uploads';
import { insertReadyVideo, MP4_HEADER } from '../test/videos';
import { voiceNote, voiceNoteForm } from '../test/voice-notes';
import { users, videos, videoShares } from './db/schema';

/**
 * Requests written by someone trying to break in or break things, one by one, each with the
 * answer it must get. The contract fuzz (contract-fuzz.test.ts) throws the same kinds of input
 * at every route at random; these pin the cases down, including each bug the fuzz found.
 */
const ctx = useTestApp();

type Account = Awaited<ReturnType<typeof registerAccount>>;
let owner: Account;
let videoId: string;
let smallJpeg: Buffer;
let origin: string;
/** Planted beside the blob store: no answer may ever carry it. */
const OUTSIDE_SECRET = `outside-the-blob-store-${randomBytes(6).toString('hex')}`;

beforeAll(async () => {
  owner = await registerAccount(ctx.app, { isCoach: true });
  videoId = await insertReadyVideo(ctx.runtime.deps, owner.user.id);
  smallJpeg = await sharp({
    create: { width: 64, height: 64, channels: 3, background: { r: 200, g: 30, b: 40 } },
  })
    .jpeg()
    .toBuffer();
  await writeFile(path.join(ctx.dataDir, 'secret.txt'), OUTSIDE_SECRET);
  origin = await ctx.app.listen({ host: '127.0.0.1', port: 0 });
});

const asOwner = (request: InjectOptions) =>
  ctx.app.inject({ ...request, headers: { cookie: owner.cookie, ...request.headers } });

/** A multipart request as the owner, built from `multipartBody`'s parts. */
const postForm = (url: string, form: ReturnType<typeof multipartBody>, cookie = owner.cookie) =>
  ctx.app.inject({
    method: 'POST',
    url,
    headers: { cookie, 'content-type': form.contentType },
    payload: form.body,
  });

/** Every file under a folder, as paths relative to it. */
async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)));
}

async function expectStillServing() {
  const me = await asOwner({ url: '/api/user' });
  expect(me.statusCode).toBe(200);
}

// ---------------------------------------------------------------------------------------------

describe('path traversal', () => {
  it.each([
    '/uploads/../../etc/passwd',
    '/uploads/..%2f..%2f..%2fetc%2fpasswd',
    '/uploads/%2e%2e%2f%2e%2e%2fsecret.txt',
    '/uploads/%2e%2e/secret.txt',
    '/uploads/%252e%252e%252fsecret.txt',
    '/uploads/..\\..\\secret.txt',
    '/uploads/..%5c..%5csecret.txt',
    '/uploads/....//secret.txt',
    '/uploads//etc/passwd',
    '/uploads/%2fetc%2fpasswd',
    '/uploads/videos/VIDEO/../../secret.txt',
    '/uploads/videos/VIDEO/..%2f..%2fsecret.txt',
    '/uploads/videos/VIDEO/media.mp4%00.txt',
    '/uploads/videos/VIDEO/media.mp4%00/../../../secret.txt',
    '/uploads/videos/VIDEO%00/media.mp4',
    '/uploads/.partial/anything',
    '/uploads/incoming/anything',
  ])('refuses %s without reading outside the blob store', async (pattern) => {
    const response = await asOwner({ url: pattern.replaceAll('VIDEO', videoId) });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.body).not.toContain(OUTSIDE_SECRET);
    expect(response.body).not.toMatch(/root:.*:0:0:/);
  });

  it('serves the real file at its real address, so the refusals above are not blanket ones', async () => {
    const response = await asOwner({ url: `/uploads/videos/${videoId}/media.mp4` });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(MP4_HEADER)).toBe(true);
  });

  it('has a blob store that refuses keys climbing out of it, for reading and writing', async () => {
    const { blobs } = ctx.runtime.deps;
    for (const key of ['../secret.txt', 'videos/../../secret.txt', '/etc/passwd', 'a/./b']) {
      await expect(blobs.read(key), key).rejects.toThrow(/Invalid blob key/);
      await expect(blobs.write(key, Readable.from([Buffer.from('x')])), key).rejects.toThrow(
        /Invalid blob key/,
      );
    }
  });

  it('never uses an upload file name as a path: files land under server-made keys only', async () => {
    const tag = randomBytes(4).toString('hex');
    const names = [
      `../../escape-${tag}.mp4`,
      `..\\..\\escape-${tag}.mp4`,
      `/tmp/escape-${tag}.mp4`,
    ];
    const before = new Set(await filesUnder(ctx.dataDir));
    for (const filename of names) {
      const video = await postForm(
        '/api/videos',
        multipartBody(
          { title: 'Sneaky' },
          { filename, contentType: 'video/mp4', data: MP4_HEADER },
        ),
      );
      expect(video.statusCode, filename).toBe(201);
    }
    const note = await postForm(
      `/api/videos/${videoId}/annotations`,
      voiceNoteForm(
        { timestamp: '1', xPosition: '50', yPosition: '50' },
        { data: await voiceNote('webm'), filename: `../../escape-${tag}.webm` },
      ),
    );
    expect(note.statusCode).toBe(201);
    const photo = await postForm(
      '/api/user/photos',
      multipartBody(
        {},
        {
          field: 'photo',
          filename: `../../escape-${tag}.jpg`,
          contentType: 'image/jpeg',
          data: smallJpeg,
        },
      ),
    );
    expect(photo.statusCode).toBe(201);

    const added = (await filesUnder(ctx.dataDir)).filter((file) => !before.has(file));
    expect(added.length).toBeGreaterThanOrEqual(names.length + 2);
    for (const file of added) {
      expect(file).toMatch(/^blobs\/(videos|users)\//);
      expect(file).not.toContain('escape');
    }
    for (const folder of [ctx.dataDir, path.dirname(ctx.dataDir), '/tmp', '/']) {
      expect(existsSync(path.join(folder, `escape-${tag}.mp4`))).toBe(false);
      expect(existsSync(path.join(folder, `escape-${tag}.webm`))).toBe(false);
      expect(existsSync(path.join(folder, `escape-${tag}.jpg`))).toBe(false);
    }
  });
});

// ---------------------------------------------------------------------------------------------

describe('bodies too big, too deep, or of the wrong type', () => {
  it('answers JSON past the 1 MiB body limit with 413 and a message', async () => {
    const huge = JSON.stringify({ name: 'x'.repeat(1024 * 1024) });
    for (const [url, method] of [
      ['/api/user/profile', 'PUT'],
      ['/api/login', 'POST'],
    ] as const) {
      const response = await asOwner({
        method,
        url,
        headers: { 'content-type': 'application/json' },
        payload: huge,
      });
      expect(response.statusCode, url).toBe(413);
      expect(response.json().message).toMatch(/too large/i);
    }
  });

  it.each([
    ['arrays', `${'['.repeat(100_000)}${']'.repeat(100_000)}`],
    ['objects', `${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`],
    ['arrays inside a real field', `{"name":${'['.repeat(100_000)}${']'.repeat(100_000)}}`],
  ])('answers JSON of %s nested 100,000 deep with 400 and stays up', async (_kind, payload) => {
    const response = await asOwner({
      method: 'PUT',
      url: '/api/user/profile',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toEqual(expect.any(String));
    await expectStillServing();
  });

  // Found writing the case above: an unknown field nested 100,000 deep was accepted (200),
  // and would have been a trap for anything that walks a body recursively.
  it('refuses any JSON nested deeper than an API body could be, even in an unknown field', async () => {
    const nested = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
    const put = (payload: string) =>
      asOwner({
        method: 'PUT',
        url: '/api/user/profile',
        headers: { 'content-type': 'application/json' },
        payload: `{"name":"Deep","extra":${payload}}`,
      });
    expect((await put(nested(31))).statusCode).toBe(200);
    const refused = await put(nested(32));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      message: 'The request body is nested too deeply (more than 32 levels)',
    });
  });

  it('reads a text/plain body as text, which is not the JSON object the route wants (400)', async () => {
    const response = await asOwner({
      method: 'PUT',
      url: '/api/user/profile',
      headers: { 'content-type': 'text/plain' },
      payload: '{"name":"Mallory"}',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'The request body must be a JSON object' });
  });

  it.each(['application/x-www-form-urlencoded', 'application/xml', 'image/svg+xml'])(
    'answers a %s body to a JSON route with 415',
    async (contentType) => {
      const response = await asOwner({
        method: 'PUT',
        url: '/api/user/profile',
        headers: { 'content-type': contentType },
        payload: 'name=Mallory',
      });
      expect(response.statusCode).toBe(415);
      expect(response.json().message).toEqual(expect.any(String));
    },
  );

  it('answers a multipart form sent to a JSON route with 400', async () => {
    const form = multipartBody({ name: 'Mallory' });
    const response = await ctx.app.inject({
      method: 'PUT',
      url: '/api/user/profile',
      headers: { cookie: owner.cookie, 'content-type': form.contentType },
      payload: form.body,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'The request body must be a JSON object' });
  });

  it.each([
    ['/api/videos', /multipart\/form-data with a "video" file/],
    ['/api/user/photos', /multipart\/form-data with a "photo" file/],
    ['/api/test/transcribe', /multipart\/form-data with an "audio" file/],
  ])('answers JSON sent to the upload route %s with 400 naming the form', async (url, message) => {
    const response = await asOwner({ method: 'POST', url, payload: { title: 'x' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(message);
  });
});

// ---------------------------------------------------------------------------------------------

describe('files dressed up as something else', () => {
  it.each([
    ['SVG', DISGUISED_FILES.svg],
    ['HTML', DISGUISED_FILES.html],
  ])('refuses %s named me.jpg and sent as image/jpeg as a profile photo (415)', async (_, data) => {
    const photoCount = async () => (await asOwner({ url: '/api/user/photos' })).json().length;
    const before = await photoCount();
    const response = await postForm(
      '/api/user/photos',
      multipartBody({}, { field: 'photo', filename: 'me.jpg', contentType: 'image/jpeg', data }),
    );
    expect(response.statusCode).toBe(415);
    expect(response.json().message).toMatch(/not a photo|not an image/);
    expect(await photoCount()).toBe(before);
  });

  it.each([
    ['HTML', DISGUISED_FILES.html],
    ['SVG', DISGUISED_FILES.svg],
  ])('refuses %s named clip.mp4 and sent as video/mp4 as a video (415)', async (_, data) => {
    const response = await postForm(
      '/api/videos',
      multipartBody({ title: 'Clip' }, { filename: 'clip.mp4', contentType: 'video/mp4', data }),
    );
    expect(response.statusCode).toBe(415);
    expect(response.json().message).toMatch(/not a video/);
  });

  it('refuses HTML named note.webm as a voice note (415)', async () => {
    const response = await postForm(
      `/api/videos/${videoId}/annotations`,
      voiceNoteForm(
        { timestamp: '1', xPosition: '50', yPosition: '50' },
        { data: DISGUISED_FILES.html, filename: 'note.webm' },
      ),
    );
    expect(response.statusCode).toBe(415);
  });

  // Found by the fuzz: the sniffer throws on a WebM cut short, which was a 500.
  it('refuses a WebM header followed by junk as a profile photo with 415, not 500', async () => {
    const response = await postForm(
      '/api/user/photos',
      multipartBody(
        {},
        {
          field: 'photo',
          filename: 'me.jpg',
          contentType: 'image/jpeg',
          data: DISGUISED_FILES.webmMagicOnly,
        },
      ),
    );
    expect(response.statusCode).toBe(415);
    expect(response.json().message).toMatch(/not an image we recognise/);
  });
});

// ---------------------------------------------------------------------------------------------

describe('sessions', () => {
  const login = (username: string, cookie?: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username, password: PASSWORD },
      headers: cookie ? { cookie } : {},
    });
  const whoIs = async (cookie: string) => {
    const response = await ctx.app.inject({ url: '/api/user', headers: { cookie } });
    return response.statusCode === 200 ? response.json<{ id: string }>().id : response.statusCode;
  };

  it('never keeps a session id chosen before sign-in (fixation)', async () => {
    const victim = await registerAccount(ctx.app);
    const planted = `filmroom_session=${randomBytes(32).toString('base64url')}`;
    const response = await login(victim.username, planted);
    expect(response.statusCode).toBe(200);
    const issued = sessionCookieFrom(response);
    expect(issued).not.toBe(planted);
    expect(await whoIs(issued)).toBe(victim.user.id);
    expect(await whoIs(planted)).toBe(401);
  });

  it("ends an attacker's own planted session when the victim signs in over it", async () => {
    const attacker = await registerAccount(ctx.app);
    const victim = await registerAccount(ctx.app);
    const response = await login(victim.username, attacker.cookie);
    const issued = sessionCookieFrom(response);
    expect(issued).not.toBe(attacker.cookie);
    expect(await whoIs(issued)).toBe(victim.user.id);
    // The id the attacker kept a copy of is worthless now, and never was the victim's.
    expect(await whoIs(attacker.cookie)).toBe(401);
  });

  it('ends the session on the server at logout: a copy of the cookie is refused after', async () => {
    const person = await registerAccount(ctx.app);
    const logout = await ctx.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { cookie: person.cookie },
    });
    expect(logout.statusCode).toBe(200);
    expect(await whoIs(person.cookie)).toBe(401);
  });
});

// ---------------------------------------------------------------------------------------------

describe('requests from another site (CSRF)', () => {
  const rename = (title: string, headers: Record<string, string>) =>
    ctx.app.inject({
      method: 'PATCH',
      url: `/api/videos/${videoId}`,
      headers: { cookie: owner.cookie, ...headers },
      payload: { title },
    });
  const currentTitle = async () =>
    (await asOwner({ url: `/api/videos/${videoId}` })).json<{ title: string }>().title;

  it.each([
    ['a foreign Origin', { origin: 'https://evil.example' }],
    ['Origin: null (a sandboxed frame)', { origin: 'null' }],
    ['a look-alike Origin', { origin: 'http://localhost:80.evil.example' }],
    ['no Origin but a foreign Referer', { referer: 'https://evil.example/attack.html' }],
    ['no Origin and a Referer that is not an address', { referer: 'evil' }],
    ['no Origin, and Sec-Fetch-Site cross-site', { 'sec-fetch-site': 'cross-site' }],
  ])('refuses a change with a valid cookie and %s (403), changing nothing', async (_, headers) => {
    const before = await currentTitle();
    const response = await rename('Pwned', headers);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      message: 'This request came from another site and was refused',
    });
    expect(await currentTitle()).toBe(before);
  });

  it.each([
    ['its own Origin', { origin: 'http://localhost:80' }],
    ['no Origin and its own Referer', { referer: 'http://localhost/videos/1' }],
    ['its own Origin, with the default port left out', { origin: 'http://localhost' }],
    ['neither (a script, not a browser)', {}],
  ])('accepts a change with %s', async (_, headers) => {
    const response = await rename(`Renamed ${randomBytes(2).toString('hex')}`, headers);
    expect(response.statusCode).toBe(200);
  });

  it('lets another site read nothing it could not anyway: a GET is never refused by origin', async () => {
    const response = await asOwner({
      url: `/api/videos/${videoId}`,
      headers: { origin: 'https://evil.example' },
    });
    expect(response.statusCode).toBe(200);
  });
});

// ---------------------------------------------------------------------------------------------

describe('markdown with javascript: links', () => {
  const LINK = '[Watch this](javascript:alert(document.cookie)) <img src=x onerror=alert(1)>';

  it('is kept word for word, and served as JSON under a strict content security policy', async () => {
    const patched = await asOwner({
      method: 'PATCH',
      url: `/api/videos/${videoId}`,
      payload: { description: LINK },
    });
    expect(patched.statusCode).toBe(200);
    const created = await asOwner({
      method: 'POST',
      url: `/api/videos/${videoId}/annotations`,
      payload: { content: LINK, timestamp: 1, xPosition: 10, yPosition: 10 },
    });
    expect(created.statusCode).toBe(201);

    const video = await asOwner({ url: `/api/videos/${videoId}` });
    const notes = await asOwner({ url: `/api/videos/${videoId}/annotations` });
    expect(video.json().description).toBe(LINK);
    expect(notes.json<{ content: string }[]>().map((note) => note.content)).toContain(LINK);
    for (const response of [video, notes]) {
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      const csp = response.headers['content-security-policy'] as string;
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain('unsafe-eval');
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    }
  });
});

// ---------------------------------------------------------------------------------------------
// Bugs the contract fuzz found, pinned down.

describe('NUL characters in text (were 500s: PostgreSQL cannot store them)', () => {
  it.each([
    [
      'POST',
      '/api/register',
      { username: 'nul@example.com', password: PASSWORD, name: 'A\u0000' },
      'name',
    ],
    ['POST', '/api/login', { username: 'nul\u0000@example.com', password: PASSWORD }, 'username'],
    ['POST', '/api/forgot-password', { email: 'nul\u0000@example.com' }, 'email'],
    ['PUT', '/api/user/profile', { name: 'Null\u0000Byte' }, 'name'],
    ['POST', '/api/coach/students', { email: 'kid@example.com', name: 'K\u0000' }, 'name'],
    ['PATCH', '/api/videos/VIDEO', { title: 'Match\u0000' }, 'title'],
    ['POST', '/api/videos/VIDEO/share', { email: 'a\u0000@example.com' }, 'email'],
    ['POST', '/api/videos/VIDEO/chat', { message: 'Why\u0000?' }, 'message'],
    [
      'POST',
      '/api/videos/VIDEO/annotations',
      { content: 'Elbow\u0000', timestamp: 1, xPosition: 1, yPosition: 1 },
      'content',
    ],
  ] as const)('%s %s answers 400 naming the field', async (method, url, payload, field) => {
    const response = await asOwner({ method, url: url.replace('VIDEO', videoId), payload });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: `${field} must not contain NUL characters` });
  });

  it('names the path of a NUL deep in a body', async () => {
    const response = await asOwner({
      method: 'PUT',
      url: '/api/user/jersey-colors',
      payload: { colorIds: [1], note: [{ text: 'x\u0000' }] },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'note.0.text must not contain NUL characters' });
  });

  it('refuses the question before it is kept: the chat stays empty', async () => {
    const history = await asOwner({ url: `/api/videos/${videoId}/chat` });
    expect(history.json()).toEqual([]);
  });

  it('answers 400 to a NUL in an upload form field, and keeps neither row nor file', async () => {
    const before = await filesUnder(path.join(ctx.dataDir, 'blobs'));
    const response = await postForm(
      '/api/videos',
      multipartBody(
        { title: 'Clip\u0000', description: 'ok' },
        { filename: 'clip.mp4', contentType: 'video/mp4', data: MP4_HEADER },
      ),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'title must not contain NUL characters' });
    expect(await filesUnder(path.join(ctx.dataDir, 'blobs'))).toEqual(before);
    const titled = await ctx.database.db.select().from(videos).where(eq(videos.title, 'Clip'));
    expect(titled).toEqual([]);
  });

  it.each(['/api/videos?q=%00', '/api/videos?q=a%00b', '/api/admin/users?q=%00'])(
    'GET %s (a NUL in a query string) answers 400 naming it',
    async (url) => {
      // The admin route answers only an administrator; anyone else gets 404 before any query.
      const admin = await registerAccount(ctx.app);
      await ctx.database.db.update(users).set({ isAdmin: true }).where(eq(users.id, admin.user.id));
      const response = await ctx.app.inject({ url, headers: { cookie: admin.cookie } });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'q must not contain NUL characters' });
    },
  );

  it('still answers the same searches without the NUL', async () => {
    const admin = await registerAccount(ctx.app);
    await ctx.database.db.update(users).set({ isAdmin: true }).where(eq(users.id, admin.user.id));
    for (const url of ['/api/videos?q=a', '/api/admin/users?q=a']) {
      const response = await ctx.app.inject({ url, headers: { cookie: admin.cookie } });
      expect(response.statusCode, url).toBe(200);
    }
  });

  it('still lets a NUL-free share through, so the check is no blanket refusal', async () => {
    const email = uniqueEmail('friend');
    const response = await asOwner({
      method: 'POST',
      url: `/api/videos/${videoId}/share`,
      payload: { email },
    });
    expect(response.statusCode).toBe(201);
    await ctx.database.db.delete(videoShares).where(eq(videoShares.sharedWithEmail, email));
  });
});

describe('malformed multipart forms (were 500s, and a cut-off file hung for ever)', () => {
  const MP4_PART =
    '--cut\r\nContent-Disposition: form-data; name="video"; filename="a.mp4"\r\n' +
    'Content-Type: video/mp4\r\n\r\n';

  type Case = [name: string, contentType: string, payload: string | Buffer, message: RegExp];
  const cases: Case[] = [
    ['no boundary', 'multipart/form-data', 'x', /no boundary/],
    [
      'a 300-character boundary',
      `multipart/form-data; boundary=${'b'.repeat(300)}`,
      'x',
      /too long/,
    ],
    [
      'a file cut off mid-way',
      'multipart/form-data; boundary=cut',
      Buffer.concat([Buffer.from(MP4_PART), MP4_HEADER]),
      /ended/,
    ],
    [
      'no closing boundary',
      'multipart/form-data; boundary=cut',
      `--cut\r\nContent-Disposition: form-data; name="title"\r\n\r\nx\r\n`,
      /ended/,
    ],
    [
      'a body that is not a form at all',
      'multipart/form-data; boundary=cut',
      'a=1&b=2',
      /ended|required/,
    ],
    [
      'a field declared JSON that is not',
      'multipart/form-data; boundary=cut',
      '--cut\r\nContent-Disposition: form-data; name="title"\r\nContent-Type: application/json\r\n\r\n{bad\r\n--cut--\r\n',
      /not valid JSON/,
    ],
  ];

  const routes = [
    '/api/videos',
    '/api/user/photos',
    '/api/test/transcribe',
    '/api/videos/VIDEO/annotations',
  ];

  describe.each(routes)('to %s', (route) => {
    it.each(cases)('answers %s with 400 at once', async (_, contentType, payload, message) => {
      const started = Date.now();
      const response = await asOwner({
        method: 'POST',
        url: route.replace('VIDEO', videoId),
        headers: { 'content-type': contentType },
        payload,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(message);
      expect(Date.now() - started).toBeLessThan(5_000);
    });
  });

  it('leaves nothing behind in the blob store', async () => {
    const incoming = (await ctx.runtime.deps.blobs.list('incoming/')).length;
    await asOwner({
      method: 'POST',
      url: '/api/videos',
      headers: { 'content-type': 'multipart/form-data; boundary=cut' },
      payload: Buffer.concat([Buffer.from(MP4_PART), MP4_HEADER]),
    });
    expect((await ctx.runtime.deps.blobs.list('incoming/')).length).toBe(incoming);
  });
});

describe('HEAD /api/events (hung for ever: a HEAD answer never sent its headers)', () => {
  it('answers at once with the stream headers and no body', async () => {
    const response = await fetch(`${origin}/api/events`, {
      method: 'HEAD',
      headers: { cookie: owner.cookie },
      signal: AbortSignal.timeout(5_000),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
  });

  it('still asks a HEAD to sign in first', async () => {
    const response = await fetch(`${origin}/api/events`, {
      method: 'HEAD',
      signal: AbortSignal.timeout(5_000),
    });
    expect(response.status).toBe(401);
  });
});

describe('malformed addresses', () => {
  it.each([
    `/api/videos/${'a'.repeat(500)}`,
    '/api/videos/%E0%A4%A',
    '/uploads/%E0%A4%A',
    '/api/videos/%00',
    '/api/players/..%2F..%2Fetc%2Fpasswd',
  ])('answers %s with a 4xx that carries a message', async (url) => {
    const response = await asOwner({ url });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.json().message).toEqual(expect.any(String));
  });
});

// ---------------------------------------------------------------------------------------------

describe('password guessing', () => {
  const limited = useTestApp({ AUTH_RATE_LIMIT_PER_USERNAME: '3', AUTH_RATE_LIMIT_PER_IP: '5' });
  const attempt = (username: string, password: string, remoteAddress: string) =>
    limited.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username, password },
      remoteAddress,
    });
  /** Lets `ms` pass for the limiter, whose windows are kept (and timed) in PostgreSQL. */
  const later = (ms: number) =>
    limited.runtime.deps.pool.query(
      `UPDATE rate_limits SET window_ends = window_ends - $1 * interval '1 millisecond'`,
      [ms],
    );

  it('stops guesses at one account from many addresses, right password included, until the window passes', async () => {
    const victim = await registerAccount(limited.app);
    // Registering was the account's first attempt; two wrong passwords use up the rest.
    expect((await attempt(victim.username, 'guess-1', '203.0.113.1')).statusCode).toBe(401);
    expect((await attempt(victim.username, 'guess-2', '203.0.113.2')).statusCode).toBe(401);
    const refused = await attempt(victim.username, 'guess-3', '203.0.113.3');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    expect(refused.json().message).toMatch(/^Too many sign-in attempts for this account\./);

    expect((await attempt(victim.username, PASSWORD, '203.0.113.4')).statusCode).toBe(429);
    await later(15 * 60_000 + 1_000);
    expect((await attempt(victim.username, PASSWORD, '203.0.113.5')).statusCode).toBe(200);
  });

  it('stops one address guessing across accounts, right password included, until the window passes', async () => {
    const victim = await registerAccount(limited.app);
    const address = '198.51.100.9';
    for (let i = 0; i < 5; i += 1) {
      expect((await attempt(uniqueEmail(), 'wrong password', address)).statusCode).toBe(401);
    }
    const refused = await attempt(uniqueEmail(), 'wrong password', address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Too many sign-in attempts from this network\./);
    expect((await attempt(victim.username, PASSWORD, address)).statusCode).toBe(429);

    await later(61_000);
    expect((await attempt(victim.username, PASSWORD, address)).statusCode).toBe(200);
  });
});
