import { AUTO_DETECT, MOVEMENT_IDS, type MovementChoice } from '@filmroom/contract/values';
import type { PreviousUpload } from 'tus-js-client';

/** An upload this browser started and never finished, as the upload page offers to resume it. */
export type UnfinishedUpload = {
  /** tus-js-client's localStorage key for it: what is removed when it is discarded. */
  key: string;
  /** Its address on the server, for discarding what the server kept. */
  url: string;
  title: string;
  description: string;
  movement: MovementChoice;
  fileName: string;
  size: number;
  startedAt: Date;
};

const isMovementChoice = (value: string | undefined): value is MovementChoice =>
  value === AUTO_DETECT || (MOVEMENT_IDS as readonly string[]).includes(value ?? '');

/**
 * What tus-js-client remembered of each upload it started (it keeps them in localStorage until
 * one finishes), newest first. One the server never created (no address) is not resumable.
 */
export function unfinishedUploads(previous: readonly PreviousUpload[]): UnfinishedUpload[] {
  return previous
    .flatMap((upload) => {
      if (!upload.uploadUrl || !upload.urlStorageKey || !upload.size) return [];
      const { metadata } = upload;
      const fileName = metadata.filename ?? 'video';
      return [
        {
          key: upload.urlStorageKey,
          url: upload.uploadUrl,
          title: metadata.title?.trim() || fileName,
          description: metadata.description ?? '',
          movement: isMovementChoice(metadata.movement) ? metadata.movement : AUTO_DETECT,
          fileName,
          size: upload.size,
          startedAt: new Date(upload.creationTime),
        },
      ];
    })
    .sort((a, b) => b.startedAt.getTime() - a.startedAt.getTime());
}
