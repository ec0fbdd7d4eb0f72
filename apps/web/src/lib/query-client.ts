import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import type { QueryFunction } from '@tanstack/react-query';

/** What a query or mutation can tell the shared error handling about itself. */
type FetchMeta = {
  /**
   * Failed calls show an "Error" toast unless this is false (logout, the current-user query),
   * or a function that returns false for that failure (a video page shows "Video not found"
   * itself rather than toasting a 404).
   */
  showErrorToast?: boolean | ((error: Error) => boolean);
};

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: FetchMeta;
    mutationMeta: FetchMeta;
  }
}

/**
 * A call the server answered with a failure. The message has the spec's form
 * "status: text", e.g. "400: Password must be at least 8 characters".
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    /** The server's own words, without the status: what a person is shown where it is enough. */
    readonly text: string,
  ) {
    super(`${status}: ${text}`);
  }
}

/** The server's errors are JSON `{ message }`; people should read the message, not raw JSON. */
export function messageFromBody(body: string): string | undefined {
  try {
    const parsed: unknown = JSON.parse(body);
    if (
      typeof parsed === 'object' &&
      parsed !== null &&
      'message' in parsed &&
      typeof parsed.message === 'string' &&
      parsed.message !== ''
    ) {
      return parsed.message;
    }
  } catch {
    // Not JSON: the body text itself is the message.
  }
  return undefined;
}

/**
 * Spec §8: status text for 500 and above (a crashed server's body is not for people),
 * otherwise the response body, preferring its JSON message. Also used for uploads, which go
 * through XMLHttpRequest for their progress events.
 */
export function apiErrorFrom(status: number, statusText: string, body: string): ApiError {
  // HTTP/2 has no status text, so a proxy in front may leave it empty: fall back rather than
  // show a bare "502: ".
  const text =
    status >= 500
      ? statusText || 'Server error'
      : messageFromBody(body) || body || statusText || 'Request failed';
  return new ApiError(status, text);
}

export async function throwIfResNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const body = await res.text().catch(() => '');
  throw apiErrorFrom(res.status, res.statusText, body);
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Sends a mutation as JSON with the session cookie; throws ApiError when the call fails. */
export async function apiRequest(
  method: HttpMethod,
  url: string,
  body?: unknown,
): Promise<Response> {
  const res = await fetch(url, {
    method,
    // Only announce JSON when there is some: the server rejects an empty JSON body.
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'include',
  });
  await throwIfResNotOk(res);
  return res;
}

/**
 * Spec §8 fallback messages ("Failed to add student", ...): a call that got no answer at all
 * (offline, server gone) reports `fallback` rather than the browser's "Failed to fetch". An
 * answer the server did give keeps its own message.
 */
export async function withFallbackMessage<T>(call: () => Promise<T>, fallback: string): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new Error(fallback, { cause: error });
  }
}

export type UnauthorizedBehavior = 'returnNull' | 'throw';

/**
 * The shared query function: the first query key is the address.
 * `returnNull` turns a 401 into `null`, which is how the current-user query says "signed out".
 */
export function getQueryFn<T>(options: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    const [url] = queryKey;
    if (typeof url !== 'string') {
      throw new TypeError('The first query key must be the address to fetch');
    }
    const res = await fetch(url, { credentials: 'include', signal });
    if (options.on401 === 'returnNull' && res.status === 401) return null;
    await throwIfResNotOk(res);
    return (await res.json()) as T;
  };
}

export type QueryClientOptions = {
  /** Called with every failed call that should be shown to the person (the Error toast). */
  onError?: (error: Error) => void;
};

/**
 * Spec §7: no retries, no refetch on focus, no polling, data never stale. Data changes only
 * when a mutation says so, which keeps what people see predictable.
 */
export function createQueryClient({ onError }: QueryClientOptions = {}): QueryClient {
  const report = (error: Error, meta: FetchMeta | undefined) => {
    const show = meta?.showErrorToast;
    if (show === false || (typeof show === 'function' && !show(error))) return;
    onError?.(error);
  };
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => report(error, query.meta) }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _result, mutation) => report(error, mutation.meta),
    }),
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Infinity,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
