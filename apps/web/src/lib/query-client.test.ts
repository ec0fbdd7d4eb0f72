import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  apiRequest,
  createQueryClient,
  getQueryFn,
  withFallbackMessage,
} from './query-client';

type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void;

function json(res: ServerResponse, status: number, payload: unknown) {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(payload));
}

/** A few answers shaped like the FilmRoom API's, including its failures. */
const routes: Record<string, Handler> = {
  '/api/user': (_req, res) => json(res, 401, { message: 'Not signed in' }),
  '/api/me-signed-in': (_req, res) => json(res, 200, { id: 'u1', name: 'Sam Coach' }),
  '/api/json-error': (_req, res) =>
    json(res, 400, { message: 'Password must be at least 8 characters' }),
  '/api/text-error': (_req, res) => {
    res.writeHead(409, { 'Content-Type': 'text/plain' });
    res.end('Email already registered');
  },
  '/api/json-without-message': (_req, res) => json(res, 422, { error: 'bad' }),
  '/api/empty-error': (_req, res) => {
    res.writeHead(404);
    res.end();
  },
  '/api/crash': (_req, res) => json(res, 500, { message: 'TypeError at line 12 of service.ts' }),
  '/api/unavailable': (_req, res) => {
    res.writeHead(503, 'Down For Maintenance');
    res.end('<html>nginx</html>');
  },
  '/api/echo': (req, res, body) =>
    json(res, 200, {
      method: req.method,
      contentType: req.headers['content-type'] ?? null,
      body,
    }),
};

let server: Server;
let base: string;
const hits = new Map<string, number>();

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = new URL(req.url ?? '/', 'http://localhost').pathname;
      hits.set(path, (hits.get(path) ?? 0) + 1);
      const handler = routes[path];
      if (handler) handler(req, res, Buffer.concat(chunks).toString('utf8'));
      else json(res, 404, { message: 'Not found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve, reject) =>
    server.close((error) => (error ? reject(error) : resolve())),
  );
});

afterEach(() => {
  hits.clear();
  vi.restoreAllMocks();
});

async function failureOf(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof ApiError)) throw new Error(`Expected an ApiError, got ${String(error)}`);
  return error;
}

describe('apiRequest error form', () => {
  it('uses the JSON message of a 4xx answer', async () => {
    const error = await failureOf(apiRequest('POST', `${base}/api/json-error`, {}));
    expect(error).toBeInstanceOf(Error);
    expect(error.message).toBe('400: Password must be at least 8 characters');
    expect(error.status).toBe(400);
    // The words alone, for the sign-in forms' toast.
    expect(error.text).toBe('Password must be at least 8 characters');
  });

  it('uses the body text of a 4xx answer that is not JSON', async () => {
    const error = await failureOf(apiRequest('POST', `${base}/api/text-error`));
    expect(error.message).toBe('409: Email already registered');
  });

  it('keeps a JSON body without a message as text', async () => {
    const error = await failureOf(apiRequest('POST', `${base}/api/json-without-message`));
    expect(error.message).toBe('422: {"error":"bad"}');
  });

  it('falls back to the status text when a 4xx body is empty', async () => {
    const error = await failureOf(apiRequest('DELETE', `${base}/api/empty-error`));
    expect(error.message).toBe('404: Not Found');
  });

  it('shows the status text, never the body, for 500 and above', async () => {
    const crash = await failureOf(apiRequest('POST', `${base}/api/crash`));
    expect(crash.message).toBe('500: Internal Server Error');
    const unavailable = await failureOf(apiRequest('GET', `${base}/api/unavailable`));
    expect(unavailable.message).toBe('503: Down For Maintenance');
  });
});

describe('apiRequest', () => {
  it('sends the body as JSON with credentials', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const res = await apiRequest('POST', `${base}/api/echo`, { username: 'a@b.co' });
    expect(await res.json()).toEqual({
      method: 'POST',
      contentType: 'application/json',
      body: '{"username":"a@b.co"}',
    });
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    expect(fetchSpy.mock.calls[0]?.[1]).toMatchObject({ credentials: 'include' });
  });

  it('sends no content type when there is no body', async () => {
    const res = await apiRequest('POST', `${base}/api/echo`);
    expect(await res.json()).toEqual({ method: 'POST', contentType: null, body: '' });
  });
});

describe('getQueryFn', () => {
  it('turns a 401 into null for the current-user query', async () => {
    const client = createQueryClient();
    const user = await client.fetchQuery({
      queryKey: [`${base}/api/user`],
      queryFn: getQueryFn({ on401: 'returnNull' }),
    });
    expect(user).toBeNull();
  });

  it('throws on a 401 when asked to', async () => {
    const client = createQueryClient();
    const error = await failureOf(
      client.fetchQuery({
        queryKey: [`${base}/api/user`],
        queryFn: getQueryFn({ on401: 'throw' }),
      }),
    );
    expect(error.message).toBe('401: Not signed in');
  });

  it('fetches the first query key with credentials', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const client = createQueryClient();
    const user = await client.fetchQuery({
      queryKey: [`${base}/api/me-signed-in`, { ignored: true }],
      queryFn: getQueryFn({ on401: 'returnNull' }),
    });
    expect(user).toEqual({ id: 'u1', name: 'Sam Coach' });
    expect(fetchSpy.mock.calls[0]?.[0]).toBe(`${base}/api/me-signed-in`);
    expect(fetchSpy.mock.calls[0]?.[1]).toMatchObject({ credentials: 'include' });
  });
});

describe('createQueryClient defaults', () => {
  it('uses the first query key as the address without a queryFn', async () => {
    const client = createQueryClient();
    const user = await client.fetchQuery({ queryKey: [`${base}/api/me-signed-in`] });
    expect(user).toEqual({ id: 'u1', name: 'Sam Coach' });
  });

  it('throws on a 401 by default', async () => {
    const client = createQueryClient();
    const error = await failureOf(client.fetchQuery({ queryKey: [`${base}/api/user`] }));
    expect(error.status).toBe(401);
  });

  it('does not retry a failed query', async () => {
    const client = createQueryClient();
    await failureOf(client.fetchQuery({ queryKey: [`${base}/api/crash`] }));
    expect(hits.get('/api/crash')).toBe(1);
  });

  it('never treats fetched data as stale', async () => {
    const client = createQueryClient();
    await client.fetchQuery({ queryKey: [`${base}/api/me-signed-in`] });
    await client.fetchQuery({ queryKey: [`${base}/api/me-signed-in`] });
    expect(hits.get('/api/me-signed-in')).toBe(1);
    const defaults = client.getDefaultOptions().queries;
    expect(defaults).toMatchObject({
      staleTime: Infinity,
      retry: false,
      refetchOnWindowFocus: false,
      refetchInterval: false,
    });
  });

  it('reports failed calls for the Error toast unless told not to', async () => {
    const reported: string[] = [];
    const client = createQueryClient({ onError: (error) => reported.push(error.message) });
    const crash = client.getMutationCache().build(client, {
      mutationFn: () => apiRequest('POST', `${base}/api/json-error`),
    });
    const quietCrash = client.getMutationCache().build(client, {
      mutationFn: () => apiRequest('POST', `${base}/api/text-error`),
      meta: { showErrorToast: false },
    });
    await failureOf(crash.execute(undefined));
    await failureOf(quietCrash.execute(undefined));
    await failureOf(client.fetchQuery({ queryKey: [`${base}/api/crash`] }));
    // A query may stay quiet about some failures only (a 404 its page explains itself).
    const notFoundIsQuiet = {
      showErrorToast: (error: Error) => !(error instanceof ApiError && error.status === 404),
    };
    await failureOf(
      client.fetchQuery({ queryKey: [`${base}/api/empty-error`], meta: notFoundIsQuiet }),
    );
    await failureOf(
      client.fetchQuery({ queryKey: [`${base}/api/json-error`], meta: notFoundIsQuiet }),
    );
    expect(reported).toEqual([
      '400: Password must be at least 8 characters',
      '500: Internal Server Error',
      '400: Password must be at least 8 characters',
    ]);
  });
});

describe('withFallbackMessage', () => {
  it("keeps the server's own message when it answered", async () => {
    const failure = await withFallbackMessage(
      () => apiRequest('POST', `${base}/api/text-error`),
      'Failed to add student',
    ).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as Error).message).toBe('409: Email already registered');
  });

  it('says the fallback when no answer came at all', async () => {
    // Nothing listens on port 9 of this machine: the fetch itself fails.
    await expect(
      withFallbackMessage(() => apiRequest('POST', 'http://127.0.0.1:9/'), 'Failed to add student'),
    ).rejects.toThrow(/^Failed to add student$/);
  });

  it('passes a success through', async () => {
    await expect(withFallbackMessage(async () => 7, 'Failed to add student')).resolves.toBe(7);
  });
});
