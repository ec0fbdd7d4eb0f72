import type { VideoExport } from '@filmroom/contract';
import type { VideoExportRow } from '../../db/schema';
import { exportDownloadUrl } from './export-keys';

/** An export as the API shows it. */
export function toExportView(row: VideoExportRow, title: string): VideoExport {
  const ready = row.status === 'ready' && row.fileKey !== null;
  return {
    id: row.id,
    videoId: row.videoId,
    title,
    start: row.startSeconds,
    end: row.endSeconds,
    overlays: row.overlays,
    status: row.status,
    progress: row.progress,
    failureReason: row.failureReason,
    fileSize: ready ? row.fileSize : null,
    downloadUrl: ready ? exportDownloadUrl(row.id) : null,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  };
}

/** The downloaded file's name: the video's title made safe, and the range exported. */
export function exportFileName(title: string, start: number, end: number): string {
  const safe =
    title
      .normalize('NFKD')
      .replace(/[^\w\s-]/g, '')
      .trim()
      .replace(/\s+/g, '-')
      .slice(0, 60) || 'video';
  const at = (seconds: number) =>
    `${Math.floor(seconds / 60)}m${Math.floor(seconds % 60)
      .toString()
      .padStart(2, '0')}s`;
  return `${safe}-${at(start)}-${at(end)}.mp4`;
}
