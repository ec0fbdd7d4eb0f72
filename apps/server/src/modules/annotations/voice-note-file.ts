import { probeMedia, remuxAudio } from '@filmroom/media';
import { createReadStream } from 'node:fs';
import path from 'node:path';
import { badRequest } from '../../lib/http-errors';
import type { BlobStore, WorkFolders } from '../../storage';

/**
 * A browser's MediaRecorder writes a voice note as a live stream: no length in the file, so
 * players show no duration and cannot seek. Copying the audio into a fresh file (no
 * re-encoding) writes the length and an index. Returns the measured length in seconds.
 */
export async function finishVoiceNote(
  blobs: BlobStore,
  key: string,
  extension: 'webm' | 'ogg',
  workFolders: WorkFolders,
): Promise<number | null> {
  return workFolders.use('voice-note', async (folder) => {
    const finished = path.join(folder, `note.${extension}`);
    await blobs.withLocalCopy(key, async (recording) => {
      await remuxAudio(recording, finished).catch(() => {
        throw badRequest('The voice recording could not be read. Record it again.');
      });
    });
    const { duration } = await probeMedia(finished);
    await blobs.write(key, createReadStream(finished), { contentType: `audio/${extension}` });
    return duration === null ? null : Math.round(duration * 100) / 100;
  });
}
