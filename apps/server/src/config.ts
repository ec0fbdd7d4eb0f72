import type { LanguageModelSettings } from '@filmroom/coach/narrator';
import type { SpeechToTextServiceSettings } from '@filmroom/speech';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/**
 * Everything the server can be told, read once from the environment.
 * The defaults are the embedded, single-machine set-up: nothing to install, data under ./data.
 */
const environmentSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  ROLE: z.enum(['all', 'api', 'worker']).default('all'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().default(path.join(repoRoot, 'data')),
  DATABASE_URL: z.string().url().optional(),
  TRUST_PROXY: z
    .string()
    .transform((value, context) => {
      // "1" is one proxy hop (the safe reading), not "true".
      if (['true', 'yes'].includes(value)) return true;
      if (['false', '0', 'no'].includes(value)) return false;
      if (/^[1-9]\d*$/.test(value)) return { hops: Number(value) };
      const addresses = value.split(',').map((part) => part.trim());
      if (addresses.every((part) => /^[0-9a-fA-F.:]+(\/\d{1,3})?$/.test(part))) {
        return { addresses };
      }
      context.addIssue({
        code: 'custom',
        message: 'use true, false, a number of proxies, or proxy addresses (e.g. 10.0.0.0/8)',
      });
      return z.NEVER;
    })
    .default(false),
  PUBLIC_ORIGIN: z.string().url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().default(path.join(repoRoot, 'apps/web/dist')),
  MAX_UPLOAD_MB: z.coerce.number().positive().default(4096),
  MAX_VIDEO_MINUTES: z.coerce.number().positive().default(180),
  // A whole game in 1080p is 4-10 GB; resumable uploads are how such files arrive.
  MAX_RESUMABLE_UPLOAD_MB: z.coerce
    .number()
    .positive()
    .default(20 * 1024),
  UPLOAD_RESUME_HOURS: z.coerce.number().positive().default(24),
  // Resumable uploads one account may have started and not finished: each holds files and
  // quota for UPLOAD_RESUME_HOURS, so without a cap one account could start thousands.
  MAX_OPEN_UPLOADS_PER_USER: z.coerce.number().int().positive().default(10),
  // Resumable-upload requests sending bytes for one account at once (per API process), and how
  // long one may send nothing before it is cut off: slow bodies hold an upload's lock.
  MAX_UPLOAD_REQUESTS_PER_USER: z.coerce.number().int().positive().default(3),
  UPLOAD_IDLE_SECONDS: z.coerce.number().positive().default(60),
  USER_QUOTA_GB: z.coerce.number().positive().optional(),
  AUTO_ANALYSIS_MAX_SECONDS: z.coerce.number().positive().default(300),
  S3_BUCKET: z.string().optional(),
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: booleanFlag.optional(),
  LLM_BASE_URL: z.string().url().optional(),
  LLM_API_KEY: z.string().optional(),
  LLM_MODEL: z.string().optional(),
  STT_BASE_URL: z.string().url().optional(),
  STT_API_KEY: z.string().optional(),
  STT_MODEL: z.string().optional(),
  // OpenAI's own limit for a transcription upload; 25 MB of Opus is over an hour of speech.
  MAX_AUDIO_MB: z.coerce.number().positive().default(25),
  VISION_WORKERS: z.coerce.number().int().min(1).max(64).optional(),
  SCAN_FPS: z.coerce.number().min(0.5).max(30).default(5),
  SCAN_DENSE_SHARE: z.coerce.number().min(0).max(1).default(0.1),
  WORK_QUEUES: z.string().optional(),
  JOB_CONCURRENCY: z.coerce.number().int().min(1).max(16).optional(),
  AUTH_RATE_LIMIT_PER_IP: z.coerce.number().int().positive().default(30),
  AUTH_RATE_LIMIT_PER_USERNAME: z.coerce.number().int().positive().default(10),
  REGISTRATIONS_PER_NETWORK_PER_HOUR: z.coerce.number().int().positive().default(20),
  MAX_PHOTO_MB: z.coerce.number().positive().default(20),
  EXPORT_KEEP_DAYS: z.coerce.number().positive().max(365).default(7),
  // Exports one account may have queued or rendering at once: each is minutes of encoding.
  MAX_EXPORTS_PER_USER: z.coerce.number().int().positive().default(3),
  // A clip's first play encodes its range: a few at once per process, the rest wait their turn
  // (each encode takes the cores it can get), and a request waits this long before a 503.
  CLIP_CUT_CONCURRENCY: z.coerce.number().int().min(1).max(16).optional(),
  CLIP_CUT_WAIT_SECONDS: z.coerce.number().positive().default(120),
  SMTP_URL: z
    .string()
    .url()
    .refine((url) => /^smtps?:$/.test(new URL(url).protocol), 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().optional(),
  ADMIN_EMAILS: z
    .string()
    .transform((value, context) => {
      const emails = value
        .split(',')
        .map((part) => part.trim().toLowerCase())
        .filter(Boolean);
      const bad = emails.find((email) => !z.string().email().safeParse(email).success);
      if (bad) {
        context.addIssue({ code: 'custom', message: `${bad} is not an e-mail address` });
        return z.NEVER;
      }
      return emails;
    })
    .default([]),
});

/** An S3-compatible bucket for the blob store and resumable uploads (storage/ reads it). */
export type S3Settings = {
  bucket: string;
  endpoint: string | undefined;
  region: string;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  forcePathStyle: boolean;
};

export type Config = {
  env: 'development' | 'production' | 'test';
  /**
   * What this process does: `all` serves HTTP and runs jobs (one machine); `api` only serves;
   * `worker` only runs jobs. Split roles share one DATABASE_URL (and one S3 bucket or disk).
   */
  role: 'all' | 'api' | 'worker';
  host: string;
  port: number;
  dataDir: string;
  /** Unset means: start the embedded PostgreSQL under dataDir. */
  databaseUrl: string | undefined;
  /**
   * Whose X-Forwarded-* headers to believe: every peer (`true`, for a proxy that overwrites
   * them), the last N hops, or the given proxy addresses.
   */
  trustProxy: boolean | { hops: number } | { addresses: string[] };
  /** The origin browsers see (https://coach.example.org); unset means the request's own host. */
  publicOrigin: string | undefined;
  logLevel: string;
  webDistDir: string;
  /** Largest accepted upload, in bytes. */
  maxUploadBytes: number;
  /** Longest video accepted, in seconds (read from the file before any work on it). */
  maxVideoSeconds: number;
  /**
   * Resumable (tus) uploads: the largest accepted, in bytes, and how long an unfinished one is
   * kept, in milliseconds, before the sweep removes what it stored.
   */
  resumableUploads: {
    maxBytes: number;
    expiryMs: number;
    /** Unfinished uploads one account may have at once. */
    maxOpenPerUser: number;
    /** PATCH requests one account may have sending at once, in one API process. */
    maxSendingPerUser: number;
    /** How long a PATCH may send nothing before it is cut off. */
    idleMs: number;
  };
  /** How many bytes of originals each user may store; unset means no limit. */
  userQuotaBytes: number | undefined;
  /** Longer videos are not scanned by themselves: the coach picks the ranges worth analysing. */
  autoAnalysisMaxSeconds: number;
  /** Unset means: files on local disk under dataDir/blobs. */
  s3: S3Settings | undefined;
  /** Unset means: analysis is written from the measurements alone. */
  languageModel: LanguageModelSettings | undefined;
  /**
   * An OpenAI-compatible speech-to-text service for voice notes. Unset means: the offline
   * engine (pocketsphinx) when it is installed.
   */
  speechToText: SpeechToTextServiceSettings | undefined;
  /** Largest accepted voice note, in bytes. */
  maxAudioBytes: number;
  /**
   * `fps`: base sampling rate of a scan. `denseShare`: fast movements are sampled again at the
   * video's own rate, at most this share of the clip per athlete (0: never).
   */
  vision: { workers: number; fps: number; denseShare: number };
  /** Job queues this process works; unset means all of them. */
  workQueues: string[] | undefined;
  /**
   * Preparations, and scans, one process runs at once (each). With two or more, one user's
   * jobs never take every slot: another user's video starts while a long one runs.
   */
  jobConcurrency: number;
  /** Largest accepted profile photo, in bytes. */
  maxPhotoBytes: number;
  /** How long an exported video stays downloadable before the sweep removes it, in seconds. */
  exportKeepSeconds: number;
  /** Exports one account may have being made (queued or rendering) at once. */
  maxExportsPerUser: number;
  /** Clip cuts one process encodes at once, and how long a play waits for its cut. */
  clipCuts: { concurrency: number; waitMs: number };
  mail: {
    /** Unset means: mail is not sent but kept in the outbox table and written to the log. */
    smtpUrl: string | undefined;
    from: string;
  };
  /**
   * Accounts that administer the server besides the first one made on it (lower-cased
   * addresses); an account with one of them is an administrator from its next request.
   */
  adminEmails: string[];
  rateLimits: {
    /** Sign-in and registration attempts per IP address per minute. */
    authPerIp: number;
    /** Sign-in and registration attempts per e-mail address per 15 minutes. */
    authPerUsername: number;
    /** New accounts per network (client address) per hour. */
    registrationsPerHour: number;
  };
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = environmentSchema.safeParse(
    Object.fromEntries(Object.entries(env).filter(([, value]) => value !== '')),
  );
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join('.')}: ${issue.message}`,
    );
    throw new Error(`Invalid configuration: ${problems.join('; ')}`);
  }
  const e = parsed.data;
  // Links in real mail must not be built from a request's Host header: anyone could then have
  // a password-reset link for someone else's account point at their own site.
  if (e.SMTP_URL && !e.PUBLIC_ORIGIN) {
    throw new Error(
      'Invalid configuration: PUBLIC_ORIGIN: required when SMTP_URL is set, so links in e-mails point at this server',
    );
  }
  // The embedded database is started by, and belongs to, a single process.
  if (e.ROLE !== 'all' && !e.DATABASE_URL) {
    throw new Error(
      `Invalid configuration: ROLE: ${e.ROLE} needs DATABASE_URL, a PostgreSQL that every API and worker process shares`,
    );
  }
  const publicOrigin = e.PUBLIC_ORIGIN ? new URL(e.PUBLIC_ORIGIN).origin : undefined;
  return {
    env: e.NODE_ENV,
    role: e.ROLE,
    host: e.HOST,
    port: e.PORT,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    trustProxy: e.TRUST_PROXY,
    publicOrigin,
    logLevel: e.LOG_LEVEL,
    webDistDir: path.resolve(e.WEB_DIST_DIR),
    maxUploadBytes: Math.round(e.MAX_UPLOAD_MB * 1024 * 1024),
    maxVideoSeconds: e.MAX_VIDEO_MINUTES * 60,
    resumableUploads: {
      maxBytes: Math.round(e.MAX_RESUMABLE_UPLOAD_MB * 1024 * 1024),
      expiryMs: Math.round(e.UPLOAD_RESUME_HOURS * 60 * 60 * 1000),
      maxOpenPerUser: e.MAX_OPEN_UPLOADS_PER_USER,
      maxSendingPerUser: e.MAX_UPLOAD_REQUESTS_PER_USER,
      idleMs: Math.round(e.UPLOAD_IDLE_SECONDS * 1000),
    },
    userQuotaBytes:
      e.USER_QUOTA_GB === undefined ? undefined : Math.round(e.USER_QUOTA_GB * 1024 ** 3),
    autoAnalysisMaxSeconds: e.AUTO_ANALYSIS_MAX_SECONDS,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          // Self-hosted stores (MinIO, Garage) want path-style addresses; AWS takes either.
          forcePathStyle: e.S3_FORCE_PATH_STYLE ?? e.S3_ENDPOINT !== undefined,
        }
      : undefined,
    languageModel:
      e.LLM_BASE_URL && e.LLM_MODEL
        ? { baseUrl: e.LLM_BASE_URL, apiKey: e.LLM_API_KEY, model: e.LLM_MODEL }
        : undefined,
    speechToText: e.STT_BASE_URL
      ? {
          baseUrl: e.STT_BASE_URL,
          apiKey: e.STT_API_KEY,
          // OpenAI's name for Whisper; self-hosted servers take their own model names.
          model: e.STT_MODEL ?? 'whisper-1',
        }
      : undefined,
    maxAudioBytes: Math.round(e.MAX_AUDIO_MB * 1024 * 1024),
    vision: {
      workers: e.VISION_WORKERS ?? Math.max(1, availableParallelism()),
      fps: e.SCAN_FPS,
      denseShare: e.SCAN_DENSE_SHARE,
    },
    workQueues: e.WORK_QUEUES?.split(',')
      .map((name) => name.trim())
      .filter(Boolean),
    // Two scans on two cores time-share them: each goes at half speed, but a short clip is not
    // kept waiting behind an hour of film.
    jobConcurrency: e.JOB_CONCURRENCY ?? Math.min(4, Math.max(2, availableParallelism())),
    maxPhotoBytes: Math.round(e.MAX_PHOTO_MB * 1024 * 1024),
    exportKeepSeconds: Math.round(e.EXPORT_KEEP_DAYS * 24 * 60 * 60),
    maxExportsPerUser: e.MAX_EXPORTS_PER_USER,
    // One encode per two cores: libx264 uses every core it is given, so more only queue in
    // the kernel instead of here, and requests for the API answer slower meanwhile.
    clipCuts: {
      concurrency: e.CLIP_CUT_CONCURRENCY ?? Math.max(1, Math.floor(availableParallelism() / 2)),
      waitMs: Math.round(e.CLIP_CUT_WAIT_SECONDS * 1000),
    },
    mail: {
      smtpUrl: e.SMTP_URL,
      from:
        e.MAIL_FROM ??
        `FilmRoom <no-reply@${publicOrigin ? new URL(publicOrigin).hostname : 'localhost'}>`,
    },
    adminEmails: e.ADMIN_EMAILS,
    rateLimits: {
      authPerIp: e.AUTH_RATE_LIMIT_PER_IP,
      authPerUsername: e.AUTH_RATE_LIMIT_PER_USERNAME,
      registrationsPerHour: e.REGISTRATIONS_PER_NETWORK_PER_HOUR,
    },
  };
}

/** `--role api` on the command line, as an environment entry (it wins over ROLE). */
export function roleFromArguments(argv: string[]): { ROLE?: string } {
  const index = argv.indexOf('--role');
  const inline = argv.find((arg) => arg.startsWith('--role='));
  const role = inline ? inline.slice('--role='.length) : index >= 0 ? argv[index + 1] : undefined;
  return role === undefined ? {} : { ROLE: role };
}
