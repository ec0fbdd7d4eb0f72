import { createHash } from 'node:crypto';
import http from 'node:http';
import { Upload } from 'tus-js-client';
import { expect } from 'vitest';
import type { registerAccount } from './accounts';

type Account = Awaited<ReturnType<typeof registerAccount>>;

export const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** A tus client upload of `data`, as the web page makes it; `done` gives the video's id. */
function tusUpload(
  origin: string,
  account: Account,
  data: Buffer,
  options: {
    uploadUrl?: string;
    /** Send in pieces of this size (the client's default is one request for everything). */
    chunkSize?: number;
    onProgress?: (sent: number, upload: Upload) => void;
  } = {},
) {
  const upload: Upload = new Upload(data, {
    endpoint: `${origin}/api/resumable-uploads`,
    uploadUrl: options.uploadUrl,
    headers: { cookie: account.cookie },
    metadata: { title: 'Full game', description: 'Second half', filetype: 'video/mp4' },
    retryDelays: null,
    // Only when asked: an explicit undefined would replace the client's default.
    ...(options.chunkSize ? { chunkSize: options.chunkSize } : {}),
    onProgress: (sent) => options.onProgress?.(sent, upload),
  });
  const done = new Promise<string>((resolve, reject) => {
    upload.options.onSuccess = ({ lastResponse }) =>
      resolve(lastResponse.getHeader('filmroom-video-id')!);
    upload.options.onError = reject;
  });
  upload.start();
  return { upload, done };
}

/** Speaks the protocol by hand, for the cases a well-behaved client never sends. */
export function tus(
  origin: string,
  account: Account | null,
  method: string,
  url: string,
  init: {
    headers?: Record<string, string>;
    body?: Buffer;
  } = {},
) {
  return fetch(new URL(url, origin), {
    method,
    headers: {
      'tus-resumable': '1.0.0',
      ...(account ? { cookie: account.cookie } : {}),
      ...(init.body ? { 'content-type': 'application/offset+octet-stream' } : {}),
      ...init.headers,
    },
    body: init.body,
  });
}

/** Upload-Metadata: each key with its value in base64, by commas. */
export const tusMetadata = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');

/** Creates an upload of `length` bytes by hand; returns its address. */
export async function createTusUpload(origin: string, account: Account, length: number) {
  const response = await tus(origin, account, 'POST', '/api/resumable-uploads', {
    headers: { 'upload-length': String(length), 'upload-metadata': tusMetadata({ title: 'Game' }) },
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return response.headers.get('location')!;
}

/** How many bytes the server has of the upload, or the status it answered instead. */
export async function tusOffset(origin: string, account: Account, location: string) {
  const response = await tus(origin, account, 'HEAD', location);
  return response.status === 200 ? Number(response.headers.get('upload-offset')) : response.status;
}

/**
 * Uploads `data` with a cut connection and a server restart in between, and returns the
 * finished video's id and the upload's address. Sent in thirds and cut half-way, inside the
 * second request: in one request the whole file could reach a fast server before the cut
 * landed, and the upload finished; in thirds the last one is never sent.
 */
export async function uploadAcrossRestart(
  account: Account,
  data: Buffer,
  server: { origin: () => string; restart: () => Promise<void> },
) {
  const first = tusUpload(server.origin(), account, data, {
    chunkSize: Math.ceil(data.length / 3),
    onProgress: (sent, upload) => {
      if (sent > data.length / 2) void upload.abort();
    },
  });
  await expect.poll(() => first.upload.url).toBeTruthy();
  await expect
    .poll(() => tusOffset(server.origin(), account, first.upload.url!))
    .toBeGreaterThan(0);
  const location = new URL(first.upload.url!).pathname;

  await server.restart();
  const kept = (await tusOffset(server.origin(), account, location)) as number;
  expect(kept).toBeGreaterThan(0);
  expect(kept).toBeLessThan(data.length);

  let resumedFrom = -1;
  const second = tusUpload(server.origin(), account, data, {
    uploadUrl: `${server.origin()}${location}`,
    onProgress: (sent) => {
      if (resumedFrom < 0) resumedFrom = sent;
    },
  });
  const videoId = await second.done;
  // It went on from what the server had, not from the start.
  expect(resumedFrom).toBeGreaterThanOrEqual(kept);
  return { videoId, location };
}

const RESUMABLE = '/api/resumable-uploads';

/**
 * Addresses that name one upload (`mine`) in the route's path and another (`theirs`)
 * somewhere else in the URL, written every way a server or library might read it differently:
 * after a query or fragment, behind encoded slashes, dot segments and doubled slashes.
 */
export function hostileUploadPaths(mine: string, theirs: string): string[] {
  return [
    `${RESUMABLE}/${mine}?x=/${theirs}`,
    `${RESUMABLE}/${mine}?/${theirs}`,
    `${RESUMABLE}/${mine}?x=/${theirs}/`,
    `${RESUMABLE}/${mine}?x=%2F${theirs}`,
    `${RESUMABLE}/${mine}?a=1&b=/../${theirs}`,
    `${RESUMABLE}/${mine}#/${theirs}`,
    `${RESUMABLE}/${mine}%2F${theirs}`,
    `${RESUMABLE}/${mine}%2F..%2F${theirs}`,
    `${RESUMABLE}/${mine}%2f..%2f${theirs}`,
    `${RESUMABLE}/${mine}/../${theirs}`,
    `${RESUMABLE}/${mine}/%2e%2e/${theirs}`,
    `${RESUMABLE}/${theirs}/../${mine}`,
    `${RESUMABLE}/./${theirs}`,
    `${RESUMABLE}//${theirs}`,
    `${RESUMABLE}/${mine}//${theirs}`,
    `/api//resumable-uploads/${theirs}`,
    `${RESUMABLE}/${mine};/${theirs}`,
    `${RESUMABLE}/${mine}%00/${theirs}`,
    `${RESUMABLE}/${mine}%5C${theirs}`,
  ];
}

/**
 * A tus request with its path sent exactly as written: fetch and URL would resolve dot
 * segments and drop a fragment before the server ever saw them.
 */
export function rawTus(
  origin: string,
  account: { cookie: string } | null,
  method: string,
  rawPath: string,
  init: { headers?: Record<string, string>; body?: Buffer } = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const request = http.request({
      hostname,
      port,
      method,
      path: rawPath,
      headers: {
        'tus-resumable': '1.0.0',
        ...(account ? { cookie: account.cookie } : {}),
        ...(init.body ? { 'content-type': 'application/offset+octet-stream' } : {}),
        ...init.headers,
      },
    });
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode!,
          headers: response.headers,
          body: Buffer.concat(chunks).toString(),
        }),
      );
    });
    request.on('error', reject);
    request.end(init.body);
  });
}
