import type { ExportSourceRef, VideoExport } from '@filmroom/contract';
import type { VideoExportRow } from '../../db/schema';
import { exportDownloadUrl } from './export-keys';

/** What an export was made of, as the API shows it. */
function sourceRef(row: VideoExportRow): ExportSourceRef {
  // A clip or playlist removed since is shown by its kind alone: such an export is gone to
  // everyone, so only the sweep still sees it.
  if (row.sourceKind === 'clip') return { kind: 'clip', clipId: row.clipId ?? '' };
  if (row.sourceKind === 'playlist') return { kind: 'playlist', playlistId: row.playlistId ?? '' };
  return { kind: 'video', videoId: row.videoId ?? '' };
}

/** An export as the API shows it. */
export function toExportView(row: VideoExportRow, title: string): VideoExport {
  const ready = row.status === 'ready' && row.fileKey !== null;
  return {
    id: row.id,
    source: sourceRef(row),
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
