import type { SettingsCheck, SettingsPart, SettingsTestResult } from '@filmroom/contract';
import { Narrator } from '@filmroom/coach/narrator';
import { HOW_TO_ENABLE_TRANSCRIPTION } from '@filmroom/speech';
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import type { FastifyInstance } from 'fastify';

// The app's shared parts, as every route knows them (`app.db`, set by plugins/dependencies.ts).
type Deps = Pick<FastifyInstance, 'config' | 'pool' | 'blobs' | 'mailer' | 'transcriber'>;

// apps/server's package.json from src/modules/admin, the repository's from the bundle in dist/:
// both carry the release's version.
const VERSION = (() => {
  try {
    const manifest = readFileSync(new URL('../../../package.json', import.meta.url), 'utf8');
    return (JSON.parse(manifest) as { version?: string }).version ?? 'unknown';
  } catch {
    return 'unknown';
  }
})();

/** A URL as it may be shown: no user name or password. */
function withoutCredentials(url: string): string {
  const parsed = new URL(url);
  return `${parsed.protocol}//${parsed.host}${parsed.pathname === '/' ? '' : parsed.pathname}`;
}

/** Which parts are configured (or on their built-in defaults), the version and the uptime. */
export function settingsOverview(deps: Deps): SettingsCheck {
  const { config } = deps;
  const uptimeSeconds = process.uptime();
  return {
    parts: [
      {
        part: 'database',
        label: 'Database',
        configured: !!config.databaseUrl,
        summary: config.databaseUrl
          ? `PostgreSQL at ${withoutCredentials(config.databaseUrl)}`
          : `Embedded PostgreSQL in ${config.dataDir}`,
      },
      {
        part: 'blobStore',
        label: 'File storage',
        configured: !!config.s3,
        summary: config.s3
          ? `S3 bucket ${config.s3.bucket}${config.s3.endpoint ? ` at ${config.s3.endpoint}` : ''}`
          : `Local disk in ${config.dataDir}/blobs`,
      },
      {
        part: 'smtp',
        label: 'Email (SMTP)',
        configured: !!config.mail.smtpUrl,
        summary: config.mail.smtpUrl
          ? `Relay at ${withoutCredentials(config.mail.smtpUrl)}, from ${config.mail.from}`
          : 'No relay (SMTP_URL): mail is kept in the outbox',
      },
      {
        part: 'llm',
        label: 'Language model',
        configured: !!config.languageModel,
        summary: config.languageModel
          ? `${config.languageModel.model} at ${withoutCredentials(config.languageModel.baseUrl)}`
          : 'None (LLM_BASE_URL, LLM_MODEL): analysis is written from the measurements',
      },
      {
        part: 'stt',
        label: 'Speech to text',
        configured: !!config.speechToText,
        summary: config.speechToText
          ? `${config.speechToText.model} at ${withoutCredentials(config.speechToText.baseUrl)}`
          : deps.transcriber.name === 'pocketsphinx'
            ? 'The offline engine (pocketsphinx)'
            : `Off: voice notes are kept without words (coaches are told this server does not transcribe). ${HOW_TO_ENABLE_TRANSCRIPTION} Then restart FilmRoom.`,
      },
    ],
    version: VERSION,
    nodeVersion: process.version,
    role: config.role,
    startedAt: new Date(Date.now() - uptimeSeconds * 1000).toISOString(),
    uptimeSeconds,
  };
}

/** Half a second of silence as a WAV file: the smallest thing a transcriber takes. */
function silentWav(): Uint8Array {
  const rate = 16_000;
  const samples = rate / 2;
  const wav = Buffer.alloc(44 + samples * 2);
  wav.write('RIFF', 0);
  wav.writeUInt32LE(36 + samples * 2, 4);
  wav.write('WAVEfmt ', 8);
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20); // PCM
  wav.writeUInt16LE(1, 22); // mono
  wav.writeUInt32LE(rate, 24);
  wav.writeUInt32LE(rate * 2, 28);
  wav.writeUInt16LE(2, 32);
  wav.writeUInt16LE(16, 34);
  wav.write('data', 36);
  wav.writeUInt32LE(samples * 2, 40);
  return wav;
}

/** Runs the part's real test: a query, a file written and read back, a handshake, a call. */
async function runTest(deps: Deps, part: SettingsPart): Promise<string> {
  switch (part) {
    case 'database': {
      const { rows } = await deps.pool.query<{ version: string }>('SELECT version() AS version');
      return `Answered: ${rows[0]!.version.split(' on ')[0]}`;
    }
    case 'blobStore': {
      // Under incoming/, where a file left by a crash here is swept like any unfinished upload.
      const key = `incoming/settings-check-${randomUUID()}`;
      const content = randomBytes(16).toString('hex');
      await deps.blobs.write(key, Readable.from([Buffer.from(content)]), {
        contentType: 'text/plain',
      });
      try {
        const back = await text(await deps.blobs.read(key));
        if (back !== content) throw new Error('The file read back differs from the one written');
      } finally {
        await deps.blobs.delete(key);
      }
      if (await deps.blobs.stat(key)) throw new Error('The test file could not be deleted');
      return 'Wrote a file, read it back and deleted it';
    }
    case 'smtp': {
      if (!deps.mailer.verify) {
        throw new Error('No relay is set (SMTP_URL): mail is kept in the outbox');
      }
      await deps.mailer.verify();
      return 'The relay answered and accepted the greeting';
    }
    case 'llm': {
      const settings = deps.config.languageModel;
      if (!settings) throw new Error('No language model is set (LLM_BASE_URL and LLM_MODEL)');
      const answer = await new Narrator({ ...settings, timeoutMs: 20_000 }).check();
      return `${settings.model} answered: ${JSON.stringify(answer.slice(0, 80))}`;
    }
    case 'stt': {
      if (deps.transcriber.name === 'unavailable') {
        throw new Error('Speech to text is off: install pocketsphinx or set STT_BASE_URL');
      }
      const transcript = await deps.transcriber.transcribe({
        data: silentWav(),
        mimeType: 'audio/wav',
      });
      return `${deps.transcriber.name} transcribed half a second of silence${
        transcript.text ? ` as ${JSON.stringify(transcript.text)}` : ''
      }`;
    }
  }
}

/** The outcome of a part's test, failure included: the page shows what happened. */
export async function testSettingsPart(
  deps: Deps,
  part: SettingsPart,
): Promise<SettingsTestResult> {
  const started = performance.now();
  try {
    const message = await runTest(deps, part);
    return { part, ok: true, message, milliseconds: Math.round(performance.now() - started) };
  } catch (error) {
    return {
      part,
      ok: false,
      message: error instanceof Error ? error.message : String(error),
      milliseconds: Math.round(performance.now() - started),
    };
  }
}
