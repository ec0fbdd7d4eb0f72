import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Video } from '@filmroom/contract';
import type { App } from '../src/app';

/** The shared media fixtures (photos and clips of people); never copied into the repository. */
const FIXTURES = fileURLToPath(new URL('../../../../shared/fixtures/', import.meta.url));
export const fixture = (relative: string) => path.join(FIXTURES, relative);

/** A multipart/form-data body, built by hand so tests control every byte. */
export function multipartBody(
  fields: Record<string, string>,
  file?: { field?: string; filename: string; contentType: string; data: Buffer },
) {
  const boundary = `----filmroom${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'video'}"; ` +
          `filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

export async function uploadVideo(
  app: App,
  cookie: string,
  options: { title?: string; description?: string; file?: string } = {},
) {
  const file = options.file ?? fixture('video/squats_single_person.mp4');
  const { body, contentType } = multipartBody(
    { title: options.title ?? 'Squat session', description: options.description ?? 'Week 3' },
    { filename: path.basename(file), contentType: 'video/mp4', data: await readFile(file) },
  );
  const response = await app.inject({
    method: 'POST',
    url: '/api/videos',
    headers: { cookie, 'content-type': contentType },
    payload: body,
  });
  if (response.statusCode !== 201) {
    throw new Error(`upload failed: ${response.statusCode} ${response.body}`);
  }
  return response.json<Video>();
}
