import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * A voice note: a file on disk, or the bytes of an upload with the type the browser gave
 * (MediaRecorder's `audio/webm;codecs=opus`, `audio/ogg`, `audio/wav`...).
 */
export type AudioInput = { path: string } | { data: Uint8Array; mimeType: string };

const EXTENSIONS: Record<string, string> = {
  'audio/webm': 'webm',
  'video/webm': 'webm',
  'audio/ogg': 'ogg',
  'audio/opus': 'opus',
  'audio/wav': 'wav',
  'audio/wave': 'wav',
  'audio/x-wav': 'wav',
  'audio/vnd.wave': 'wav',
  'audio/mpeg': 'mp3',
  'audio/mp4': 'm4a',
  'audio/x-m4a': 'm4a',
  'audio/flac': 'flac',
};

/**
 * A file name for the audio. Speech-to-text services (OpenAI's among them) pick the decoder from
 * the name's extension, so uploaded bytes get the one their type implies.
 */
export function audioFileName(audio: AudioInput): string {
  if ('path' in audio) return path.basename(audio.path);
  const type = audio.mimeType.split(';')[0]!.trim().toLowerCase();
  return `voice-note.${EXTENSIONS[type] ?? 'bin'}`;
}

export async function audioBytes(audio: AudioInput): Promise<Uint8Array> {
  return 'path' in audio ? readFile(audio.path) : audio.data;
}

/**
 * Runs `work` with a fresh private directory under `parent` and removes the directory afterwards, whether the
 * work succeeded, failed or timed out.
 */
export async function withWorkDirectory<T>(
  parent: string,
  work: (directory: string) => Promise<T>,
): Promise<T> {
  const directory = await mkdtemp(path.join(parent, 'filmroom-speech-'));
  try {
    return await work(directory);
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

/** The audio as a file on disk: the file itself, or the bytes written into `directory`. */
export async function audioFile(audio: AudioInput, directory: string): Promise<string> {
  if ('path' in audio) return audio.path;
  const file = path.join(directory, audioFileName(audio));
  await writeFile(file, audio.data);
  return file;
}
