import {
  errorResponseSchema,
  NO_TRANSCRIPTION_MESSAGE,
  transcriptionSchema,
  transcriptionStatusSchema,
  type Transcription,
  type TranscriptionStatus,
} from '@filmroom/contract';
import { TranscriptionError } from '@filmroom/speech';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { badRequest, HttpError } from '../../lib/http-errors';
import type { Log } from '../../lib/logger';
import { receiveSniffedUpload } from '../../lib/sniffed-upload';
import { requireUser } from '../access';
import { videoKeys } from '../../storage';
import { sentimentFor } from './annotation-view';
import { TranscriberBusy } from './transcription-limit';
import { voiceNoteRules } from './voice-note-upload';

// A coach records a note, listens, maybe records again: a few a minute. This only stops one
// account from keeping the transcriber busy for everybody.
const TRANSCRIPTIONS_PER_MINUTE = 20;
const BUSY_RETRY_SECONDS = 5;

/**
 * POST /api/test/transcribe (the spec's address): the words of a voice note and how they read.
 * The app calls it before saving a voice note, to fill in its text and sentiment.
 */
export const transcribeRoutes: FastifyPluginAsyncZod = async (app) => {
  const perAccount = app.limitRequests({
    max: TRANSCRIPTIONS_PER_MINUTE,
    timeWindowMs: 60_000,
    key: (request) => `transcribe:${request.user?.id ?? request.ip}`,
    message: 'Too many transcriptions from this account.',
  });

  // Asked by the note form before a recording is sent, so a server without an engine says so
  // plainly instead of failing each voice note.
  app.get(
    '/test/transcribe',
    {
      schema: {
        tags: ['annotations'],
        summary: 'Whether this server transcribes voice notes',
        response: { 200: transcriptionStatusSchema, 401: errorResponseSchema },
      },
    },
    async (request): Promise<TranscriptionStatus> => {
      requireUser(request);
      return { available: app.transcriber.name !== 'unavailable' };
    },
  );

  app.post(
    '/test/transcribe',
    {
      preHandler: perAccount,
      schema: {
        tags: ['annotations'],
        summary: 'Transcribe a voice note: multipart/form-data with the recording as "audio"',
        description:
          'WebM or Ogg audio (judged from its bytes). Empty or silent audio gives an empty ' +
          'transcription. 503 when no speech-to-text engine is set up (the message says how); ' +
          '502 when the engine failed; 429 when this server is busy transcribing.',
        consumes: ['multipart/form-data'],
        response: {
          200: transcriptionSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          413: errorResponseSchema,
          415: errorResponseSchema,
          429: errorResponseSchema,
          502: errorResponseSchema,
          503: errorResponseSchema,
        },
      },
    },
    async (request): Promise<Transcription> => {
      requireUser(request);
      // Refused before the upload is read when every slot and place in line is taken.
      if (app.transcriber.isFull) throw busy();

      const key = videoKeys.incoming(randomUUID());
      const { file } = await receiveSniffedUpload(
        request,
        key,
        app.blobs,
        voiceNoteRules(app.config.maxAudioBytes),
      );
      if (!file) throw badRequest('An audio file is required (field "audio")');
      if (file === 'empty') return { transcription: '', sentiment: null };
      let data: Buffer;
      try {
        data = await app.blobs.withLocalCopy(key, (path) => readFile(path));
      } finally {
        await app.blobs.delete(key).catch(() => undefined);
      }

      try {
        const { text } = await app.transcriber.transcribe({ data, mimeType: file.contentType });
        return { transcription: text, sentiment: sentimentFor(text) };
      } catch (error) {
        throw transcriptionHttpError(error, request.log);
      }
    },
  );
};

const busy = () =>
  new HttpError(
    429,
    `The server is busy transcribing other voice notes. Try again in ${BUSY_RETRY_SECONDS} seconds.`,
    { 'retry-after': String(BUSY_RETRY_SECONDS) },
  );

/**
 * What the person is told when transcription fails. The engine's own account (which may name
 * an internal service address) goes to the log; "unavailable" says plainly that this server
 * does not transcribe.
 */
function transcriptionHttpError(error: unknown, log: Log): unknown {
  if (error instanceof TranscriberBusy) return busy();
  if (!(error instanceof TranscriptionError)) return error;
  switch (error.code) {
    case 'unavailable':
      // How to set an engine up is for whoever runs the server (the admin settings page).
      return new HttpError(503, NO_TRANSCRIPTION_MESSAGE);
    case 'unreadable-audio':
      log.warn({ err: error }, 'a voice note could not be decoded');
      return badRequest('This recording could not be read as audio. Record the voice note again.');
    case 'failed': {
      log.error({ err: error }, 'transcription failed');
      const timedOut = 'timedOut' in error && error.timedOut === true;
      return new HttpError(
        502,
        timedOut
          ? 'Transcription took too long and was stopped. You can still save the voice note.'
          : 'The speech-to-text engine could not transcribe this recording. Try again, or save the voice note without text.',
      );
    }
  }
}
