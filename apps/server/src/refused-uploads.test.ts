import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import net from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { registerAccount } from '../test/accounts';
import { useTestApp } from '../test/test-app';
import { multipartBody } from '../test/uploads';
import { insertReadyVideo } from '../test/videos';
import { videoShares } from './db/schema';
import { lingerAfterAnswer } from './lib/lingering-close';

/**
 * An upload refused before its body is read (wrong type, too large, not allowed) must reach the
 * client as that answer, over a real socket, to Node's fetch: not as EPIPE or ECONNRESET because
 * the server closed the connection on a body still arriving.
 */
const ctx = useTestApp({ MAX_UPLOAD_MB: '1' });
const TIMES = 100;
let origin: string;
let owner: Awaited<ReturnType<typeof registerAccount>>;
let viewer: Awaited<ReturnType<typeof registerAccount>>;
let videoId: string;

beforeAll(async () => {
  owner = await registerAccount(ctx.app);
  viewer = await registerAccount(ctx.app);
  videoId = await insertReadyVideo(ctx.runtime.deps, owner.user.id);
  await ctx.database.db.insert(videoShares).values({
    videoId,
    sharedWithEmail: viewer.username,
    accessLevel: 'view',
    sharedById: owner.user.id,
  });
  origin = await ctx.app.listen({ host: '127.0.0.1', port: 0 });
});

/** Sends the same refused upload `TIMES` times in a row; every answer must read whole. */
async function expectReadableRefusals(
  send: () => Promise<Response>,
  status: number,
  message: RegExp,
) {
  const failures: string[] = [];
  for (let attempt = 0; attempt < TIMES; attempt += 1) {
    try {
      const response = await send();
      const body = (await response.json()) as { message: string };
      if (response.status !== status || !message.test(body.message)) {
        failures.push(`#${attempt}: ${response.status} ${body.message}`);
      }
      // Not for reuse: the rest of the body was discarded, not read as a next request.
      expect(response.headers.get('connection')).toBe('close');
    } catch (error) {
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      failures.push(`#${attempt}: ${String(error)} ${cause?.code ?? cause?.message ?? ''}`);
    }
  }
  expect(failures).toEqual([]);
}

type Exchange = { writeError: string | undefined; answer: string };

/**
 * A client that sends the whole request before it reads a byte of the answer (as a browser's
 * upload or a simple HTTP library may): it sees whether the server read the body to the end
 * or closed the connection on it (EPIPE, ECONNRESET).
 */
function sendAllThenRead(
  at: string,
  request: { path: string; headers: Record<string, string>; body: Buffer },
): Promise<Exchange> {
  const { hostname, port } = new URL(at);
  const head =
    `POST ${request.path} HTTP/1.1\r\nhost: ${hostname}:${port}\r\n` +
    `content-length: ${request.body.length}\r\n` +
    Object.entries(request.headers)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('') +
    '\r\n';
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), hostname);
    let answer = '';
    let writeError: string | undefined;
    socket.pause();
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
    socket.on('error', (error: NodeJS.ErrnoException) => {
      writeError ??= error.code ?? error.message;
    });
    socket.on('close', () => resolve({ writeError, answer }));
    socket.write(head);
    socket.write(request.body, () => socket.resume());
  });
}

const postVideo = (body: Buffer, headers: Record<string, string>) =>
  fetch(`${origin}/api/videos`, { method: 'POST', headers, body });

describe('refused uploads, read by Node fetch', () => {
  // 4 MB: more than the socket buffers hold, so the refusal comes while the body still arrives.
  const notAVideo = multipartBody(
    { title: 'Notes' },
    { filename: 'notes.mp4', contentType: 'video/mp4', data: randomBytes(4 * 1024 * 1024) },
  );

  it(`415 for a file that is not a video, ${TIMES} times in a row`, async () => {
    await expectReadableRefusals(
      () =>
        postVideo(notAVideo.body, {
          cookie: owner.cookie,
          'content-type': notAVideo.contentType,
        }),
      415,
      /not a video we recognise/,
    );
  });

  it(`413 for a video over MAX_UPLOAD_MB, ${TIMES} times in a row`, async () => {
    const mp4 = Buffer.concat([
      Buffer.from('000000186674797069736f6d0000020069736f6d69736f32', 'hex'),
      randomBytes(4 * 1024 * 1024),
    ]);
    const tooLarge = multipartBody(
      { title: 'Long game' },
      { filename: 'game.mp4', contentType: 'video/mp4', data: mp4 },
    );
    await expectReadableRefusals(
      () =>
        postVideo(tooLarge.body, { cookie: owner.cookie, 'content-type': tooLarge.contentType }),
      413,
      /larger than the 1 MB limit/,
    );
  });

  it(`403 for a viewer's voice note, ${TIMES} times in a row`, async () => {
    const note = multipartBody(
      { timestamp: '1', xPosition: '50', yPosition: '50' },
      { field: 'audio', filename: 'note.webm', contentType: 'audio/webm', data: randomBytes(4e6) },
    );
    await expectReadableRefusals(
      () =>
        fetch(`${origin}/api/videos/${videoId}/annotations`, {
          method: 'POST',
          headers: { cookie: viewer.cookie, 'content-type': note.contentType },
          body: note.body,
        }),
      403,
      /You have view access to this video/,
    );
  });

  it(`403 for an upload from another site, ${TIMES} times in a row`, async () => {
    await expectReadableRefusals(
      () =>
        postVideo(notAVideo.body, {
          cookie: owner.cookie,
          'content-type': notAVideo.contentType,
          origin: 'https://elsewhere.example',
        }),
      403,
      /came from another site/,
    );
  });

  it('404 for a voice note on a video that does not exist', async () => {
    const note = multipartBody(
      { timestamp: '1', xPosition: '50', yPosition: '50' },
      { field: 'audio', filename: 'note.webm', contentType: 'audio/webm', data: randomBytes(4e6) },
    );
    await expectReadableRefusals(
      () =>
        fetch(`${origin}/api/videos/${crypto.randomUUID()}/annotations`, {
          method: 'POST',
          headers: { cookie: owner.cookie, 'content-type': note.contentType },
          body: note.body,
        }),
      404,
      /Video not found/,
    );
  });

  it('reads the rest of a refused body, so a client that sends it all first reads the answer', async () => {
    const refused = [
      { path: '/api/videos', cookie: owner.cookie, form: notAVideo, status: 415 },
      { path: `/api/videos/${videoId}/annotations`, cookie: viewer.cookie, status: 403 },
    ];
    const note = multipartBody(
      { timestamp: '1', xPosition: '50', yPosition: '50' },
      { field: 'audio', filename: 'note.webm', contentType: 'audio/webm', data: randomBytes(8e6) },
    );
    for (const { path, cookie, form = note, status } of refused) {
      for (let attempt = 0; attempt < 10; attempt += 1) {
        const exchange = await sendAllThenRead(origin, {
          path,
          headers: { cookie, 'content-type': form.contentType },
          body: form.body,
        });
        expect(exchange.writeError).toBeUndefined();
        expect(exchange.answer).toMatch(new RegExp(`^HTTP/1.1 ${status} `));
        expect(exchange.answer).toMatch(/\r\nconnection: close\r\n/i);
      }
    }
  });
});

describe('the bound on what a refused request may still send', () => {
  it('discards up to the limit, and past it closes the connection', async () => {
    // A bare server with the same helper and a small limit: the bound, not the app, under test.
    const server = createServer((request, response) => {
      lingerAfterAnswer(request, response, new Set(), {
        bytes: 1024 * 1024,
        totalMs: 10_000,
        idleMs: 5_000,
      });
      response.writeHead(415, { connection: 'close', 'content-type': 'application/json' });
      response.end('{"message":"not a video"}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as net.AddressInfo;
    try {
      const at = `http://127.0.0.1:${port}`;
      const within = await sendAllThenRead(at, {
        path: '/',
        headers: {},
        body: randomBytes(900 * 1024),
      });
      expect(within.writeError).toBeUndefined();
      expect(within.answer).toMatch(/^HTTP\/1.1 415 /);

      const beyond = await sendAllThenRead(at, {
        path: '/',
        headers: {},
        body: randomBytes(16 * 1024 * 1024),
      });
      expect(beyond.writeError).toMatch(/^(EPIPE|ECONNRESET)$/);
    } finally {
      server.close();
    }
  });
});
