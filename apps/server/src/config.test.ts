import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('loadConfig', () => {
  it('defaults to the embedded, single-machine set-up', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.host).toBe('0.0.0.0');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir).toBe(path.resolve(import.meta.dirname, '../../../data'));
    expect(config.trustProxy).toBe(false);
    expect(config.rateLimits).toEqual({ authPerIp: 30, authPerUsername: 10 });
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

  it('refuses a bad value with a message naming the variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/Invalid configuration: PORT/);
    expect(() => loadConfig({ TRUST_PROXY: 'maybe' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/);
  });
});
