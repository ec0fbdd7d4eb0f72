import type pg from 'pg';

type Queryable = Pick<pg.Pool, 'query'>;

/**
 * What the storage quota counts, in bytes: everything the user has made the server keep.
 * Originals of their videos, the declared sizes of their resumable uploads still under way (but
 * `exceptUpload`'s), their exports (a finished one by its file, one being made by its estimate,
 * see rangeBytesSql), and the cuts of their clips — a viewer's clips of someone else's video are
 * the viewer's, not the video owner's.
 */
export async function storageUsedBy(
  client: Queryable,
  ownerId: string,
  exceptUpload?: string,
): Promise<number> {
  const { rows } = await client.query<{ used: string }>(
    `SELECT (SELECT coalesce(sum(original_bytes), 0) FROM videos WHERE owner_id = $1)
          + (SELECT coalesce(sum(bytes), 0) FROM upload_reservations
              WHERE owner_id = $1 AND expires_at > now() AND id IS DISTINCT FROM $2)
          + (SELECT coalesce(sum(CASE WHEN e.status = 'ready' THEN coalesce(e.file_size, 0) ELSE
                 (SELECT coalesce(sum(${rangeBytesSql('v', "(part->>'start')::float8", "(part->>'end')::float8")}), 0)
                    FROM jsonb_array_elements(e.segments) AS part
                    JOIN videos v ON v.id = (part->>'videoId')::uuid) END), 0)
               FROM video_exports e
              WHERE e.owner_id = $1 AND e.expires_at > now() AND e.status <> 'failed')
          + (SELECT coalesce(sum(cut_bytes), 0) FROM clips WHERE owner_id = $1) AS used`,
    [ownerId, exceptUpload ?? null],
  );
  return Number(rows[0]!.used);
}

/**
 * SQL for the bytes a re-encoded range of video `v` is expected to take: the original's share
 * for that range. Cuts and exports keep the picture's size and a similar rate, so the share is
 * close, and it is known before the encode (its real size replaces it after).
 */
function rangeBytesSql(video: string, start: string, end: string): string {
  return `${video}.original_bytes * greatest(${end} - ${start}, 0) / greatest(coalesce(${video}.duration, 1), 1)`;
}

/** The bytes a re-encode of `seconds` of a video is expected to take (see rangeBytesSql). */
export function estimatedRangeBytes(
  video: { originalBytes: number; duration: number | null },
  seconds: number,
): number {
  return Math.round(
    (video.originalBytes * Math.max(seconds, 0)) / Math.max(video.duration ?? 1, 1),
  );
}

/** Holds the owner's quota until the transaction ends: checks and writes do not interleave. */
export async function lockOwnersQuota(transaction: Queryable, ownerId: string): Promise<void> {
  await transaction.query('SELECT pg_advisory_xact_lock(hashtext($1))', [ownerId]);
}

const gigabytes = (bytes: number) => `${(bytes / 1024 ** 3).toFixed(bytes < 1024 ** 3 ? 2 : 1)} GB`;

/** What is being made, whose quota it counts to, and what they can do about it. */
export type QuotaSubject = { what: string; whose: 'you' | 'its owner'; advice: string };

const NEW_VIDEO: QuotaSubject = {
  what: 'This video',
  whose: 'you',
  advice: 'Delete videos you no longer need, or ask your administrator for more room.',
};

/** Whether the owner has room for `bytes` more; the 413 message when not. */
export function quotaProblem(
  bytes: number,
  usedBytes: number,
  quotaBytes: number | undefined,
  subject: QuotaSubject = NEW_VIDEO,
): string | null {
  if (quotaBytes === undefined || usedBytes + bytes <= quotaBytes) return null;
  const quota = subject.whose === 'you' ? 'your storage quota' : 'their storage quota';
  return (
    `${subject.what} (${gigabytes(bytes)}) would take ${subject.whose} past ${quota} of ` +
    `${gigabytes(quotaBytes)} (${gigabytes(usedBytes)} used). ${subject.advice}`
  );
}
