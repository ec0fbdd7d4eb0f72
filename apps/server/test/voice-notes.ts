import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ffmpegPath, runMediaTool } from '@filmroom/media';
import { fixture, multipartBody } from './uploads';

/** A real recording of someone saying "go forward ten meters" (2.8 s), from the shared fixtures. */
const SPOKEN_WAV = fixture('audio/go_forward_ten_meters.wav');
export const SPOKEN_WORDS = 'go forward ten meters';

type Format = 'webm' | 'ogg' | 'mp3' | 'wav' | 'silent-webm';

const made = new Map<Format, Promise<Buffer>>();

/**
 * The spoken fixture as a browser's MediaRecorder would upload it (WebM or Ogg with Opus), in
 * other formats, or a second of silence as WebM. Encoded once per test file with the
 * project's ffmpeg.
 */
export function voiceNote(format: Format): Promise<Buffer> {
  let note = made.get(format);
  if (!note) {
    note = encode(format);
    made.set(format, note);
  }
  return note;
}

async function encode(format: Format): Promise<Buffer> {
  if (format === 'wav') return readFile(SPOKEN_WAV);
  const folder = await mkdtemp(path.join(tmpdir(), 'filmroom-voice-'));
  const extension = format === 'silent-webm' ? 'webm' : format;
  const output = path.join(folder, `note.${extension}`);
  const input =
    format === 'silent-webm'
      ? ['-f', 'lavfi', '-i', 'anullsrc=r=48000:cl=mono', '-t', '1']
      : ['-i', SPOKEN_WAV];
  const codec = format === 'mp3' ? [] : ['-c:a', 'libopus'];
  // MediaRecorder writes WebM as a live stream: no duration, no index.
  const live = extension === 'webm' ? ['-live', '1'] : [];
  await runMediaTool(await ffmpegPath(), [
    '-hide_banner',
    '-y',
    ...input,
    ...codec,
    ...live,
    output,
  ]);
  return readFile(output);
}

/** A multipart body with the recording as `audio`, named and typed as the browser would. */
export function voiceNoteForm(
  fields: Record<string, string>,
  audio: { data: Buffer; filename?: string; contentType?: string } | undefined,
) {
  return multipartBody(
    fields,
    audio && {
      field: 'audio',
      filename: audio.filename ?? 'recording.webm',
      contentType: audio.contentType ?? 'audio/webm',
      data: audio.data,
    },
  );
}
