import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig, roleFromArguments } from './config';

describe('loadConfig', () => {
  it('defaults to the embedded, single-machine set-up', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.host).toBe('0.0.0.0');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir).toBe(path.resolve(import.meta.dirname, '../../../data'));
    expect(config.trustProxy).toBe(false);
    expect(config.rateLimits).toEqual({
      authPerIp: 30,
      authPerUsername: 10,
      registrationsPerHour: 20,
    });
    expect(config.maxPhotoBytes).toBe(20 * 1024 * 1024);
    expect(config.mail).toEqual({ smtpUrl: undefined, from: 'FilmRoom <no-reply@localhost>' });
    expect(config.role).toBe('all');
    expect(config.maxVideoSeconds).toBe(180 * 60);
    expect(config.resumableUploads).toMatchObject({
      maxOpenPerUser: 10,
      maxSendingPerUser: 3,
      idleMs: 60_000,
    });
    // Several jobs at once even on a small machine, so one long film never holds the only slot.
    expect(config.jobConcurrency).toBeGreaterThanOrEqual(2);
    expect(config.jobConcurrency).toBeLessThanOrEqual(4);
  });

  it('reads the video length limit and job concurrency, and refuses nonsense', () => {
    const config = loadConfig({ MAX_VIDEO_MINUTES: '90', JOB_CONCURRENCY: '3' });
    expect(config.maxVideoSeconds).toBe(5400);
    expect(config.jobConcurrency).toBe(3);
    expect(() => loadConfig({ MAX_VIDEO_MINUTES: '0' })).toThrow(/MAX_VIDEO_MINUTES/);
    expect(() => loadConfig({ MAX_VIDEO_MINUTES: 'long' })).toThrow(/MAX_VIDEO_MINUTES/);
    expect(() => loadConfig({ JOB_CONCURRENCY: '0' })).toThrow(/JOB_CONCURRENCY/);
  });

  it('reads the cap on unfinished uploads per account, and refuses nonsense', () => {
    expect(loadConfig({ MAX_OPEN_UPLOADS_PER_USER: '4' }).resumableUploads.maxOpenPerUser).toBe(4);
    expect(() => loadConfig({ MAX_OPEN_UPLOADS_PER_USER: '0' })).toThrow(/MAX_OPEN_UPLOADS/);
    expect(() => loadConfig({ MAX_OPEN_UPLOADS_PER_USER: '2.5' })).toThrow(/MAX_OPEN_UPLOADS/);
  });

  it('reads how many upload requests an account may send at once, and how long one may idle', () => {
    const config = loadConfig({ MAX_UPLOAD_REQUESTS_PER_USER: '1', UPLOAD_IDLE_SECONDS: '2.5' });
    expect(config.resumableUploads).toMatchObject({ maxSendingPerUser: 1, idleMs: 2_500 });
    expect(() => loadConfig({ MAX_UPLOAD_REQUESTS_PER_USER: '0' })).toThrow(/MAX_UPLOAD_REQ/);
    expect(() => loadConfig({ UPLOAD_IDLE_SECONDS: '0' })).toThrow(/UPLOAD_IDLE_SECONDS/);
  });

  it('reads ADMIN_EMAILS as lower-cased addresses, and refuses one that is not', () => {
    expect(loadConfig({}).adminEmails).toEqual([]);
    expect(loadConfig({ ADMIN_EMAILS: ' Ops@Club.org, ,second@club.org ' }).adminEmails).toEqual([
      'ops@club.org',
      'second@club.org',
    ]);
    expect(() => loadConfig({ ADMIN_EMAILS: 'ops@club.org,nobody' })).toThrow(
      'Invalid configuration: ADMIN_EMAILS: nobody is not an e-mail address',
    );
  });

  it('splits into API and worker roles only on a shared database', () => {
    const shared = { DATABASE_URL: 'postgres://filmroom@db.internal/filmroom' };
    expect(loadConfig({ ...shared, ROLE: 'api' }).role).toBe('api');
    expect(loadConfig({ ...shared, ROLE: 'worker' }).role).toBe('worker');
    expect(() => loadConfig({ ROLE: 'worker' })).toThrow(
      'Invalid configuration: ROLE: worker needs DATABASE_URL, a PostgreSQL that every API and worker process shares',
    );
    expect(() => loadConfig({ ...shared, ROLE: 'scheduler' })).toThrow(
      /Invalid configuration: ROLE/,
    );

    // `--role` on the command line wins over the environment.
    expect(roleFromArguments(['--role', 'worker'])).toEqual({ ROLE: 'worker' });
    expect(roleFromArguments(['--role=api'])).toEqual({ ROLE: 'api' });
    expect(roleFromArguments([])).toEqual({});
    const argv = roleFromArguments(['--role', 'api']);
    expect(loadConfig({ ...shared, ROLE: 'worker', ...argv }).role).toBe('api');
  });

  it('sends mail through SMTP_URL from MAIL_FROM, or from the public host', () => {
    const relay = loadConfig({
      SMTP_URL: 'smtp://user:secret@mail.example.org:587',
      PUBLIC_ORIGIN: 'https://film.example.org',
    });
    expect(relay.mail).toEqual({
      smtpUrl: 'smtp://user:secret@mail.example.org:587',
      from: 'FilmRoom <no-reply@film.example.org>',
    });
    const named = loadConfig({
      SMTP_URL: 'smtps://mail.example.org',
      PUBLIC_ORIGIN: 'https://film.example.org',
      MAIL_FROM: 'Coach Bot <coach@example.org>',
      MAX_PHOTO_MB: '5',
    });
    expect(named.mail.from).toBe('Coach Bot <coach@example.org>');
    expect(named.maxPhotoBytes).toBe(5 * 1024 * 1024);
  });

  it('refuses SMTP_URL without PUBLIC_ORIGIN, and a relay address that is not SMTP', () => {
    expect(() => loadConfig({ SMTP_URL: 'smtp://mail.example.org' })).toThrow(
      /PUBLIC_ORIGIN: required when SMTP_URL is set/,
    );
    expect(() =>
      loadConfig({ SMTP_URL: 'http://mail.example.org', PUBLIC_ORIGIN: 'https://a.example' }),
    ).toThrow(/SMTP_URL: must start with smtp:\/\/ or smtps:\/\//);
  });

  it('reads the environment, treating empty values as unset', () => {
    const config = loadConfig({
      PORT: '8080',
      DATA_DIR: '/srv/filmroom',
      DATABASE_URL: 'postgres://u:p@db:5432/filmroom',
      TRUST_PROXY: 'true',
      PUBLIC_ORIGIN: 'https://film.example.org/',
      LOG_LEVEL: '',
    });
    expect(config).toMatchObject({
      port: 8080,
      dataDir: '/srv/filmroom',
      databaseUrl: 'postgres://u:p@db:5432/filmroom',
      trustProxy: true,
      publicOrigin: 'https://film.example.org',
      logLevel: 'info',
    });
  });

  it('transcribes offline unless STT_BASE_URL names a speech-to-text service', () => {
    const offline = loadConfig({});
    expect(offline.speechToText).toBeUndefined();
    expect(offline.maxAudioBytes).toBe(25 * 1024 * 1024);

    const service = loadConfig({
      STT_BASE_URL: 'http://whisper.internal:8000/v1',
      STT_API_KEY: 'sk-test',
      STT_MODEL: 'Systran/faster-whisper-small',
      MAX_AUDIO_MB: '10',
    });
    expect(service.speechToText).toEqual({
      baseUrl: 'http://whisper.internal:8000/v1',
      apiKey: 'sk-test',
      model: 'Systran/faster-whisper-small',
    });
    expect(service.maxAudioBytes).toBe(10 * 1024 * 1024);

    // OpenAI needs no more than the address and a key: the model defaults to its Whisper.
    expect(
      loadConfig({ STT_BASE_URL: 'https://api.openai.com/v1', STT_API_KEY: 'sk-x' }).speechToText,
    ).toEqual({ baseUrl: 'https://api.openai.com/v1', apiKey: 'sk-x', model: 'whisper-1' });
    // A key or model without an address changes nothing.
    expect(
      loadConfig({ STT_API_KEY: 'sk-x', STT_MODEL: 'whisper-1' }).speechToText,
    ).toBeUndefined();
  });

  it('trusts every proxy, the last N hops, or the proxies named by address', () => {
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'yes' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toEqual({ hops: 1 });
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toEqual({ hops: 2 });
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1' }).trustProxy).toEqual({
      addresses: ['127.0.0.1', '10.0.0.0/8', '::1'],
    });
  });

  it('refuses a bad value with a message naming the variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/Invalid configuration: PORT/);
    expect(() => loadConfig({ TRUST_PROXY: 'maybe' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.1, nginx' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ STT_BASE_URL: 'whisper' })).toThrow(/STT_BASE_URL/);
    expect(() => loadConfig({ MAX_AUDIO_MB: '0' })).toThrow(/MAX_AUDIO_MB/);
  });
});
