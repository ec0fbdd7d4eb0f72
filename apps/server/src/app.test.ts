import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PASSWORD, sessionCookieFrom, uniqueEmail } from '../test/accounts';
import { useTestApp } from '../test/test-app';

const webDist = await mkdtemp(path.join(tmpdir(), 'filmroom-web-'));
await mkdir(path.join(webDist, 'assets'));
await writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>FilmRoom</title>');
await writeFile(path.join(webDist, 'assets', 'app-abc123.js'), 'console.log(1)');
afterAll(() => rm(webDist, { recursive: true, force: true }));

const ctx = useTestApp({ WEB_DIST_DIR: webDist });

describe('the single-page app', () => {
  it.each(['/', '/videos/123', '/athletes', '/some/unknown/page'])(
    'answers %s with index.html (history fallback), never cached',
    async (url) => {
      const response = await ctx.app.inject({ url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<title>FilmRoom</title>');
    },
  );

  it('serves fingerprinted assets with a long cache life', async () => {
    const response = await ctx.app.inject({ url: '/assets/app-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends security headers with a content security policy limited to this origin', async () => {
    const response = await ctx.app.inject({ url: '/' });
    const csp = response.headers['content-security-policy'] as string;
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
  });
});

describe('unknown API paths', () => {
  it.each([
    ['GET', '/api/nope'],
    ['POST', '/api/videos/1/unknown'],
    ['GET', '/api'],
    ['DELETE', '/uploads/whatever'],
    ['GET', '/assets/app-old999.js'],
  ] as const)('%s %s is a JSON 404', async (method, url) => {
    const response = await ctx.app.inject({ method, url });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(response.json()).toEqual({ message: `Not found: ${method} ${url}` });
  });
});

describe('API reference', () => {
  it('publishes an OpenAPI document generated from the contract', async () => {
    const response = await ctx.app.inject({ url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/register', '/api/login', '/api/logout', '/api/user']),
    );
    expect(document.components.schemas.User.required).toEqual(
      expect.arrayContaining(['id', 'name', 'username', 'isCoach', 'jerseyColors', 'photos']),
    );
    expect(
      document.paths['/api/register'].post.requestBody.content['application/json'].schema,
    ).toEqual({ $ref: '#/components/schemas/RegisterBodyInput' });
  });

  it('serves a readable reference at /api/docs', async () => {
    const response = await ctx.app.inject({ url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toMatch(/swagger-ui/i);
  });
});

describe('behind a TLS proxy', () => {
  const proxied = useTestApp({ TRUST_PROXY: 'true' });

  it('marks every cookie it sets Secure when the proxy says the request was https', async () => {
    const response = await proxied.app.inject({
      method: 'POST',
      url: '/api/register',
      headers: { 'x-forwarded-proto': 'https', origin: 'https://localhost:80' },
      payload: { username: uniqueEmail(), password: PASSWORD, name: 'Secure Sam' },
    });
    expect(response.statusCode).toBe(201);
    const cookies = [response.headers['set-cookie'] ?? []].flat();
    expect(cookies.length).toBeGreaterThan(0);
    for (const cookie of cookies) expect(cookie).toMatch(/; Secure/);
    expect(sessionCookieFrom(response)).toMatch(/^filmroom_session=/);
    expect(response.headers['strict-transport-security']).toMatch(/max-age=/);
  });
});

describe('behind one proxy that appends to X-Forwarded-For (TRUST_PROXY=1)', () => {
  const proxied = useTestApp({ TRUST_PROXY: '1', AUTH_RATE_LIMIT_PER_IP: '2' });

  it('limits sign-ins by the address the proxy saw, whatever the client wrote before it', async () => {
    const attempt = (spoofed: string) =>
      proxied.app.inject({
        method: 'POST',
        url: '/api/login',
        // nginx's $proxy_add_x_forwarded_for: what the client sent, then the client's address.
        headers: { 'x-forwarded-for': `${spoofed}, 203.0.113.7`, origin: 'http://localhost:80' },
        payload: { username: uniqueEmail(), password: PASSWORD },
      });
    expect((await attempt('198.51.100.1')).statusCode).toBe(401);
    expect((await attempt('198.51.100.2')).statusCode).toBe(401);
    const third = await attempt('198.51.100.3');
    expect(third.statusCode, third.body).toBe(429);
  });
});

describe('addresses the router refuses', () => {
  const ctx = useTestApp();

  it('answers a broken escape and an over-long path part with a JSON message', async () => {
    const broken = await ctx.app.inject({ method: 'GET', url: '/api/videos/%E0%A4%A' });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ message: 'The address is not valid' });

    const long = await ctx.app.inject({ method: 'GET', url: `/api/videos/${'a'.repeat(200)}` });
    expect(long.statusCode).toBe(414);
    expect(long.json()).toEqual({ message: 'A part of the address is too long' });
    expect(long.headers['x-content-type-options']).toBe('nosniff');
  });
});
