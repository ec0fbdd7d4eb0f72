import type { SniffedUploadRules } from '../../lib/sniffed-upload';

/**
 * The containers a browser's MediaRecorder writes a voice note in: WebM (Chromium, Firefox) and
 * Ogg (Firefox), judged from the bytes. The sniffer names a WebM `video/webm` whatever it holds.
 */
export function voiceNoteExtension(mime: string): 'webm' | 'ogg' | undefined {
  const essence = mime.split(';')[0]!.trim();
  if (essence === 'audio/webm' || essence === 'video/webm') return 'webm';
  if (essence === 'audio/ogg' || essence === 'audio/opus') return 'ogg';
  return undefined;
}

const RECORD = 'Record a voice note in the app, or choose a WebM or Ogg recording.';

/** How an `audio` upload is received: streamed, sniffed, within the size limit. */
export function voiceNoteRules(maxBytes: number): SniffedUploadRules {
  const megabytes = Number((maxBytes / 1024 / 1024).toFixed(2));
  return {
    field: 'audio',
    maxBytes,
    accepts: (mime) => voiceNoteExtension(mime) !== undefined,
    refusal: (mime) =>
      mime
        ? `This file is ${mime}, not a WebM or Ogg voice recording. ${RECORD}`
        : `This file is not audio we recognise. ${RECORD}`,
    // Browsers and S3 then serve it as audio, not as a video.
    storedType: (mime) => `audio/${voiceNoteExtension(mime)!}`,
    tooLarge: `The voice recording is larger than the ${megabytes} MB limit`,
    notMultipart: 'Send the voice note as multipart/form-data with an "audio" file',
  };
}
