import { stat } from 'node:fs/promises';
import { runProcess } from './run-process';
import { TranscriptionFailed, UnreadableAudio } from './transcription-errors';

/** The size of the header ffmpeg writes with `-bitexact`: a file this size holds no samples. */
export const WAV_HEADER_BYTES = 44;

/**
 * Converts any audio ffmpeg reads (MediaRecorder's webm or ogg with opus, wav, mp3, the sound of a
 * video) into what pocketsphinx's en-us model was trained on: 16 kHz, mono, 16-bit PCM WAV.
 * Metadata is dropped and the output is bit-exact so the header is the plain 44 bytes
 * pocketsphinx_continuous expects; a longer header would be decoded as a click of noise.
 * Returns the size of the WAV file written.
 */
export async function convertToSpeechWav(
  ffmpegPath: string,
  input: string,
  output: string,
  timeoutMs: number,
): Promise<number> {
  const result = await runProcess(
    ffmpegPath,
    [
      ...['-nostdin', '-hide_banner', '-loglevel', 'error', '-i', input],
      ...['-vn', '-map_metadata', '-1', '-fflags', '+bitexact', '-flags:a', '+bitexact'],
      ...['-ar', '16000', '-ac', '1', '-c:a', 'pcm_s16le', '-f', 'wav', '-y', output],
    ],
    timeoutMs,
  );
  if (result.timedOut) {
    throw new TranscriptionFailed(`Converting the audio took longer than ${timeoutMs} ms`, {
      timedOut: true,
    });
  }
  if (result.exitCode !== 0) {
    const reason = result.stderrTail.split('\n').at(-1) ?? '';
    throw new UnreadableAudio(`The audio could not be decoded${reason ? `: ${reason}` : ''}`);
  }
  return (await stat(output)).size;
}
