/** One side of a comparison: a video and the moment of it that lines up with the other side. */
export type CompareMoment = { videoId: string; seconds: number };

/** What the address says about one side: nothing yet, a moment, or something unreadable. */
export type CompareSide =
  | { kind: 'empty' }
  | { kind: 'moment'; moment: CompareMoment }
  | { kind: 'invalid'; message: string };

export type CompareQuery = { a: CompareSide; b: CompareSide; overlay: boolean };

// Video ids are UUIDs; anything else can only be a typo or a hand-edited address.
const VIDEO_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Seconds in the address keep milliseconds: a frame at 60 fps is 16.7 ms. */
const SECONDS_DECIMALS = 3;
/** Longer than any clip FilmRoom accepts; a bigger number is a broken link, not a moment. */
const MAX_SECONDS = 24 * 60 * 60;

/** `<videoId>@<seconds>` (the seconds may be left out: the start). */
export function parseMoment(value: string | null): CompareSide {
  if (value === null || value.trim() === '') return { kind: 'empty' };
  const at = value.lastIndexOf('@');
  const videoId = (at === -1 ? value : value.slice(0, at)).trim();
  const secondsText = at === -1 ? '0' : value.slice(at + 1).trim();
  if (!VIDEO_ID.test(videoId)) return { kind: 'invalid', message: 'This link names no video.' };
  const seconds = Number(secondsText);
  if (secondsText === '' || !Number.isFinite(seconds) || seconds < 0 || seconds > MAX_SECONDS) {
    return { kind: 'invalid', message: 'This link names no moment of the video.' };
  }
  return { kind: 'moment', moment: { videoId: videoId.toLowerCase(), seconds } };
}

function formatMoment(moment: CompareMoment): string {
  return `${moment.videoId}@${roundSeconds(moment.seconds)}`;
}

function roundSeconds(seconds: number): number {
  return Number(Math.max(0, seconds).toFixed(SECONDS_DECIMALS));
}

export function parseCompareQuery(search: string | URLSearchParams): CompareQuery {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  return {
    a: parseMoment(params.get('a')),
    b: parseMoment(params.get('b')),
    overlay: params.get('overlay') === '1',
  };
}

/**
 * The query string for a comparison, `@` and all left readable: the address is meant to be
 * copied into a message. Unreadable sides are dropped rather than carried along.
 */
export function formatCompareQuery(query: {
  a: CompareMoment | null;
  b: CompareMoment | null;
  overlay?: boolean;
}): string {
  const parts: string[] = [];
  if (query.a) parts.push(`a=${formatMoment(query.a)}`);
  if (query.b) parts.push(`b=${formatMoment(query.b)}`);
  if (query.overlay) parts.push('overlay=1');
  return parts.length > 0 ? `?${parts.join('&')}` : '';
}

/** Where "Compare" goes: this video at this moment on the left, the other one picked or not. */
export function compareHref(a: CompareMoment, b: CompareMoment | null = null): string {
  return `/compare${formatCompareQuery({ a, b })}`;
}
