import { stat } from 'node:fs/promises';
import { runMediaTool } from './run';
import { ffmpegPath } from './tools';

/** The size of the header ffmpeg writes with `-bitexact`: a file this size holds no samples. */
export const SPEECH_WAV_HEADER_BYTES = 44;

/**
 * Converts any audio ffmpeg reads (MediaRecorder's webm or ogg with opus, wav, mp3, the sound of a
 * video) into what pocketsphinx's en-us model was trained on: 16 kHz, mono, 16-bit PCM WAV.
 * Metadata is dropped and the output is bit-exact so the header is the plain 44 bytes
 * pocketsphinx_continuous expects; a longer header would be decoded as a click of noise.
 * Returns the size of the WAV file written. Rejects with a MediaToolError when the input is not
 * audio ffmpeg can read, and with an AbortError when `signal` stops it.
 */
export async function writeSpeechWav(
  input: string,
  output: string,
  options: { signal?: AbortSignal } = {},
): Promise<number> {
  await runMediaTool(
    await ffmpegPath(),
    [
      ...['-nostdin', '-hide_banner', '-loglevel', 'error', '-i', input],
      ...['-vn', '-map_metadata', '-1', '-fflags', '+bitexact', '-flags:a', '+bitexact'],
      ...['-ar', '16000', '-ac', '1', '-c:a', 'pcm_s16le', '-f', 'wav', '-y', output],
    ],
    { signal: options.signal },
  );
  return (await stat(output)).size;
}

/**
 * Copies the first audio track into a fresh file of the container `output` names, without
 * re-encoding. A browser's MediaRecorder writes a recording as a live stream, with no length and
 * no index, so players show no duration and cannot seek; the copy has both.
 */
export async function remuxAudio(
  input: string,
  output: string,
  options: { signal?: AbortSignal } = {},
): Promise<void> {
  // prettier-ignore
  await runMediaTool(await ffmpegPath(), [
    '-hide_banner', '-loglevel', 'error', '-y',
    '-i', input, '-map', '0:a:0', '-c', 'copy', output,
  ], { signal: options.signal });
}
