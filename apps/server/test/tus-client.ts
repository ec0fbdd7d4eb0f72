import { createHash } from 'node:crypto';
import { Upload } from 'tus-js-client';
import { expect } from 'vitest';
import type { registerAccount } from './accounts';

type Account = Awaited<ReturnType<typeof registerAccount>>;

export const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** A tus client upload of `data`, as the web page makes it; `done` gives the video's id. */
export function tusUpload(
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
