import { runMediaTool } from './run';
import { ffmpegPath } from './tools';
import { x264Args } from './encoder-profiles';

/**
 * Writes the range `start`–`end` (seconds) of a prepared web video as an MP4 of its own. Re-encoded,
 * not stream-copied: a copy starts at the keyframe before `start`, which would hand a clip's
 * viewer frames outside the range they were given.
 */
export async function cutClip(
  input: string,
  output: string,
  range: { start: number; end: number },
  options: { signal?: AbortSignal } = {},
): Promise<void> {
  await runMediaTool(
    await ffmpegPath(),
    [
      '-hide_banner',
      '-nostats',
      '-y',
      // Before -i: a fast seek to the keyframe, then frames are decoded and dropped up to `start`.
      '-ss',
      range.start.toFixed(3),
      '-i',
      input,
      '-t',
      (range.end - range.start).toFixed(3),
      '-map',
      '0:v:0',
      '-map',
      '0:a:0?',
      ...x264Args('web'),
      '-c:a',
      'aac',
      '-b:a',
      '128k',
      '-movflags',
      '+faststart',
      output,
    ],
    { signal: options.signal },
  );
}
