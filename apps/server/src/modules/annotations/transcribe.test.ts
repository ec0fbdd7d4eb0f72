import type { Transcription } from '@filmroom/contract';
import { createTranscriber, type Transcriber, type Transcript } from '@filmroom/speech';
import { startTranscriptionTestServer } from '@filmroom/speech/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAccount } from '../../../test/accounts';
import { useTestApp, type TestContext } from '../../../test/test-app';
import { SPOKEN_WORDS, voiceNote, voiceNoteForm } from '../../../test/voice-notes';
import { buildApp, type App } from '../../app';
import { LimitedTranscriber } from './transcription-limit';

type Account = Awaited<ReturnType<typeof registerAccount>>;

function transcribe(
  app: App,
  cookie: string | undefined,
  audio: { data: Buffer; filename?: string; contentType?: string } | undefined,
) {
  const form = voiceNoteForm({}, audio);
  return app.inject({
    method: 'POST',
    url: '/api/test/transcribe',
    headers: { ...(cookie ? { cookie } : {}), 'content-type': form.contentType },
    payload: form.body,
  });
}

/** The same process with another engine in it, as main.ts would build it. */
async function appWith(ctx: TestContext, transcriber: LimitedTranscriber) {
  const app = await buildApp({ ...ctx.runtime.deps, transcriber });
  await app.ready();
  return app;
}

describe('offline, with pocketsphinx (the default)', () => {
  const ctx = useTestApp();
  let coach: Account;
  beforeAll(async () => {
    coach = await registerAccount(ctx.app, { isCoach: true });
  });

  it('uses pocketsphinx when no service is configured and it is installed', () => {
    expect(ctx.runtime.deps.transcriber.name).toBe('pocketsphinx');
  });

  it.each([
    ['WebM/Opus, as Chromium records', 'webm', 'audio/webm'],
    ['Ogg/Opus, as Firefox records', 'ogg', 'audio/ogg'],
  ] as const)('hears the words of a voice note in %s', async (_case, format, contentType) => {
    const response = await transcribe(ctx.app, coach.cookie, {
      data: await voiceNote(format),
      filename: `recording.${format}`,
      contentType,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      transcription: SPOKEN_WORDS,
      sentiment: { label: 'neutral', confidence: 1 },
    });
    expect(await ctx.runtime.deps.blobs.list('incoming/')).toEqual([]);
  });

  it.each([
    ['empty (stopped before the first chunk)', 'empty'],
    ['silent', 'silent-webm'],
  ] as const)('gives an empty transcription for %s audio, not an error', async (_case, kind) => {
    const data = kind === 'empty' ? Buffer.alloc(0) : await voiceNote(kind);
    const response = await transcribe(ctx.app, coach.cookie, { data });
    expect(response.statusCode).toBe(200);
    expect(response.json<Transcription>()).toEqual({ transcription: '', sentiment: null });
  });

  it.each([
    ['a WAV file named .webm', 'wav', /^This file is audio\/wav, not a WebM or Ogg/],
    ['an MP3 file named .webm', 'mp3', /^This file is audio\/mpeg, not a WebM or Ogg/],
    ['a web page named .webm', 'html', /^This file is not audio we recognise/],
  ] as const)('refuses %s with 415', async (_case, format, message) => {
    const data =
      format === 'html' ? Buffer.from('<html><body>hi</body></html>') : await voiceNote(format);
    const response = await transcribe(ctx.app, coach.cookie, { data, filename: 'note.webm' });
    expect(response.statusCode).toBe(415);
    expect(response.json<{ message: string }>().message).toMatch(message);
    expect(await ctx.runtime.deps.blobs.list('incoming/')).toEqual([]);
  });

  it('needs an audio file (400), multipart (400), and a signed-in user (401)', async () => {
    const none = await transcribe(ctx.app, coach.cookie, undefined);
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ message: 'An audio file is required (field "audio")' });

    const json = await ctx.app.inject({
      method: 'POST',
      url: '/api/test/transcribe',
      headers: { cookie: coach.cookie },
      payload: { audio: 'hello' },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toEqual({
      message: 'Send the voice note as multipart/form-data with an "audio" file',
    });

    const signedOut = await transcribe(ctx.app, undefined, { data: await voiceNote('webm') });
    expect(signedOut.statusCode).toBe(401);
  });

  it('tells a coach plainly that this server does not transcribe (503), no install command', async () => {
    const app = await appWith(
      ctx,
      new LimitedTranscriber(
        await createTranscriber({ pocketsphinx: { command: 'pocketsphinx_continuous_missing' } }),
      ),
    );
    try {
      const response = await transcribe(app, coach.cookie, { data: await voiceNote('webm') });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ message: 'This server does not transcribe voice notes.' });
    } finally {
      await app.close();
    }
  });

  it('tells the note form whether this server transcribes, to signed-in people only', async () => {
    const status = (app: App, cookie?: string) =>
      app.inject({
        method: 'GET',
        url: '/api/test/transcribe',
        headers: cookie ? { cookie } : {},
      });
    expect((await status(ctx.app, coach.cookie)).json()).toEqual({ available: true });
    expect((await status(ctx.app)).statusCode).toBe(401);
    const app = await appWith(
      ctx,
      new LimitedTranscriber(
        await createTranscriber({ pocketsphinx: { command: 'pocketsphinx_continuous_missing' } }),
      ),
    );
    try {
      expect((await status(app, coach.cookie)).json()).toEqual({ available: false });
    } finally {
      await app.close();
    }
  });

  it('answers 429 with Retry-After when every transcription slot and place in line is taken', async () => {
    const held: (() => void)[] = [];
    const slow: Transcriber = {
      name: 'pocketsphinx',
      transcribe: () =>
        new Promise<Transcript>((resolve) => held.push(() => resolve({ text: 'done' }))),
    };
    const app = await appWith(ctx, new LimitedTranscriber(slow, { concurrent: 1, waiting: 0 }));
    try {
      const data = await voiceNote('webm');
      const first = transcribe(app, coach.cookie, { data });
      while (held.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));

      const second = await transcribe(app, coach.cookie, { data });
      expect(second.statusCode).toBe(429);
      expect(second.headers['retry-after']).toBe('5');
      expect(second.json()).toEqual({
        message: 'The server is busy transcribing other voice notes. Try again in 5 seconds.',
      });

      held[0]!();
      expect((await first).json()).toEqual({
        transcription: 'done',
        sentiment: { label: 'neutral', confidence: 1 },
      });
    } finally {
      await app.close();
    }
  });

  it('limits each account to 20 transcriptions a minute', async () => {
    const busy = await registerAccount(ctx.app);
    const empty = { data: Buffer.alloc(0) };
    for (let i = 0; i < 20; i += 1) {
      expect((await transcribe(ctx.app, busy.cookie, empty)).statusCode).toBe(200);
    }
    const refused = await transcribe(ctx.app, busy.cookie, empty);
    expect(refused.statusCode).toBe(429);
    expect(refused.json<{ message: string }>().message).toMatch(
      /^Too many transcriptions from this account\. Try again in \d+ (seconds?|minute)\.$/,
    );
    // Someone else is not held up by it.
    expect((await transcribe(ctx.app, coach.cookie, empty)).statusCode).toBe(200);
  });
});

// Started before the app that is configured with its address.
const service = await startTranscriptionTestServer();
afterAll(() => service.close());

describe('with an OpenAI-compatible service (STT_BASE_URL)', () => {
  const ctx = useTestApp({
    STT_BASE_URL: service.baseUrl,
    STT_API_KEY: 'sk-test-key',
    STT_MODEL: 'whisper-test',
  });

  it('sends the recording as it is and answers with its words and their sentiment', async () => {
    service.answer = () => ({ text: ' Great footwork on that drive! ' });
    const coach = await registerAccount(ctx.app);
    const webm = await voiceNote('webm');
    const response = await transcribe(ctx.app, coach.cookie, { data: webm });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      transcription: 'Great footwork on that drive!',
      sentiment: { label: 'positive', confidence: expect.any(Number) },
    });
    expect(ctx.runtime.deps.transcriber.name).toBe('openai-compatible');
    const received = service.received.at(-1)!;
    expect(received).toMatchObject({
      authorization: 'Bearer sk-test-key',
      model: 'whisper-test',
      fileName: 'voice-note.webm',
      fileType: 'audio/webm',
    });
    expect(received.audio.equals(webm)).toBe(true);
  });

  it.each([
    [500, 'model crashed'],
    [400, 'Invalid file format'],
  ])(
    'answers 502 when the service answers %i, without naming the service',
    async (status, message) => {
      service.answer = () => ({ status, message });
      const coach = await registerAccount(ctx.app);
      const response = await transcribe(ctx.app, coach.cookie, { data: await voiceNote('webm') });
      expect(response.statusCode).toBe(502);
      expect(response.json()).toEqual({
        message:
          'The speech-to-text engine could not transcribe this recording. Try again, or save the voice note without text.',
      });
      expect(response.body).not.toContain('127.0.0.1');
    },
  );
});
