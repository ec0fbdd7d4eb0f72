import { badRequest } from '../../lib/http-errors';

/**
 * Where a page of the video list ends: the last video's place in the list's order (newest
 * first, then id). The next page starts strictly after it, so videos added meanwhile (newer,
 * hence before it) neither repeat a video nor push one out of sight.
 * `createdAt` keeps PostgreSQL's microseconds: a JavaScript Date's milliseconds would put
 * videos made within the same millisecond on the wrong side of the cursor.
 */
export type VideoCursor = { createdAt: string; id: string };

const CREATED_AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const BAD_CURSOR = 'cursor is not one this list gave out: start again from the first page';

/** Opaque to clients: they only hand it back. */
export function encodeVideoCursor(cursor: VideoCursor): string {
  return Buffer.from(`${cursor.createdAt}/${cursor.id}`).toString('base64url');
}

/** The cursor's position, or a 400: anything not made by encodeVideoCursor never reaches SQL. */
export function decodeVideoCursor(text: string): VideoCursor {
  const [createdAt = '', id = '', ...rest] = Buffer.from(text, 'base64url')
    .toString('utf8')
    .split('/');
  if (rest.length > 0 || !CREATED_AT.test(createdAt) || !UUID.test(id)) {
    throw badRequest(BAD_CURSOR);
  }
  // The pattern lets through dates no calendar has (February 30): they must survive a round trip.
  const milliseconds = `${createdAt.slice(0, 23)}Z`;
  const date = new Date(milliseconds);
  if (Number.isNaN(date.getTime()) || date.toISOString() !== milliseconds) {
    throw badRequest(BAD_CURSOR);
  }
  return { createdAt, id };
}
