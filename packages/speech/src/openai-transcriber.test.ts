import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTranscriber } from './create-transcriber';
import { audioFixture } from '../testing/audio-fixtures';
import {
  startTranscriptionTestServer,
  type TranscriptionTestServer,
} from '../testing/transcription-test-server';
import { TranscriptionFailed } from './transcription-errors';

let server: TranscriptionTestServer;

beforeAll(async () => {
  server = await startTranscriptionTestServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.received.length = 0;
  server.answer = () => ({ text: ' Keep your elbow up. ' });
});

const service = () => ({ baseUrl: server.baseUrl, apiKey: 'stt-key', model: 'whisper-small' });

describe('OpenAI-compatible transcriber', () => {
  it('is the engine whenever a service is configured', async () => {
    // Even on this machine, where pocketsphinx is installed.
    expect((await createTranscriber({ service: service() })).name).toBe('openai-compatible');
  });

  it('uploads the recording with its model and returns the service’s text', async () => {
    const transcriber = await createTranscriber({ service: service() });
    const recording = Buffer.from('webm bytes as MediaRecorder made them');
    const result = await transcriber.transcribe({
      data: recording,
      mimeType: 'audio/webm;codecs=opus',
    });
    expect(result).toEqual({ text: 'Keep your elbow up.' });
    expect(server.received).toHaveLength(1);
    const request = server.received[0]!;
    expect(request.authorization).toBe('Bearer stt-key');
    expect(request.model).toBe('whisper-small');
    // The service picks its decoder from the file name.
    expect(request.fileName).toBe('voice-note.webm');
    expect(request.fileType).toBe('audio/webm;codecs=opus');
    expect(request.audio.equals(recording)).toBe(true);
    expect(request.fields.response_format).toBe('json');
  });

  it('uploads a file from disk under its own name', async () => {
    const transcriber = await createTranscriber({ service: service() });
    const wav = audioFixture('go_forward_ten_meters.wav');
    await transcriber.transcribe({ path: wav });
    expect(server.received[0]!.fileName).toBe('go_forward_ten_meters.wav');
    expect(server.received[0]!.audio.equals(await readFile(wav))).toBe(true);
  });

  it('works with a service that needs no key', async () => {
    const transcriber = await createTranscriber({ service: { ...service(), apiKey: undefined } });
    expect(await transcriber.transcribe({ data: Buffer.from('x'), mimeType: 'audio/ogg' })).toEqual(
      {
        text: 'Keep your elbow up.',
      },
    );
    expect(server.received[0]!.fileName).toBe('voice-note.ogg');
  });

  it('does not send empty audio, and hears nothing in it', async () => {
    const transcriber = await createTranscriber({ service: service() });
    expect(await transcriber.transcribe({ data: Buffer.alloc(0), mimeType: 'audio/webm' })).toEqual(
      {
        text: '',
      },
    );
    expect(server.received).toHaveLength(0);
  });

  it('reports a service error as TranscriptionFailed with the status, after one retry', async () => {
    server.answer = () => ({ status: 503, message: 'model is loading' });
    const transcriber = await createTranscriber({ service: service() });
    const error = await transcriber
      .transcribe({ data: Buffer.from('x'), mimeType: 'audio/webm' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TranscriptionFailed);
    expect(error).toMatchObject({ code: 'failed', status: 503, timedOut: false });
    expect((error as Error).message).toContain('model is loading');
    expect(server.received).toHaveLength(2);
  });

  it('does not retry a request the service refuses', async () => {
    server.answer = () => ({
      status: 400,
      message: 'Audio file might be corrupted or unsupported',
    });
    const transcriber = await createTranscriber({ service: service() });
    const error = await transcriber
      .transcribe({ data: Buffer.from('x'), mimeType: 'audio/webm' })
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ name: 'TranscriptionFailed', status: 400 });
    expect(server.received).toHaveLength(1);
  });

  it('gives up on a service that does not answer in time', async () => {
    server.answer = () => ({ hang: true });
    const transcriber = await createTranscriber({ service: service(), timeoutMs: 500 });
    const error = await transcriber
      .transcribe({ data: Buffer.from('x'), mimeType: 'audio/webm' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TranscriptionFailed);
    expect(error).toMatchObject({ timedOut: true, status: undefined });
  });

  it('reports a service that cannot be reached', async () => {
    const closed = await startTranscriptionTestServer();
    await closed.close();
    const transcriber = await createTranscriber({
      service: { ...service(), baseUrl: closed.baseUrl },
    });
    const error = await transcriber
      .transcribe({ data: Buffer.from('x'), mimeType: 'audio/webm' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TranscriptionFailed);
    expect((error as Error).message).toMatch(/could not be reached/);
  });
});

describe('the transcription test server', () => {
  it('refuses a request without a file, as OpenAI does', async () => {
    const form = new FormData();
    form.set('model', 'whisper-1');
    const response = await fetch(`${server.baseUrl}/audio/transcriptions`, {
      method: 'POST',
      body: form,
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      error: { message: "Missing required parameter: 'file'", type: 'invalid_request_error' },
    });
  });
});
