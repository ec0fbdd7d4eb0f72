import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ffmpegPath, runMediaTool } from '@filmroom/media';

/**
 * Makes short test clips with the project's own ffmpeg: formats phones and cameras produce
 * that browsers do not all play. Synthetic pictures are fine here; the people clips live in
 * ../shared/fixtures.
 */
export async function makeClip(
  name: string,
  options: {
    size?: string;
    seconds?: number;
    videoArgs: string[];
    audioArgs?: string[];
    /** Degrees a player must turn the picture, written as phones do (container metadata). */
    rotate?: number;
  },
): Promise<string> {
  const folder = await mkdtemp(path.join(tmpdir(), 'filmroom-clip-'));
  const output = path.join(folder, name);
  const encoded = options.rotate ? path.join(folder, `unrotated-${name}`) : output;
  const seconds = String(options.seconds ?? 2);
  const audio = options.audioArgs
    ? ['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`]
    : [];
  await runMediaTool(await ffmpegPath(), [
    '-hide_banner',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc=size=${options.size ?? '320x240'}:rate=25:duration=${seconds}`,
    ...audio,
    ...options.videoArgs,
    ...(options.audioArgs ?? []),
    encoded,
  ]);
  if (options.rotate) {
    // This ffmpeg drops rotation metadata while encoding but keeps it on a stream copy.
    await runMediaTool(await ffmpegPath(), [
      '-hide_banner',
      '-y',
      '-i',
      encoded,
      '-c',
      'copy',
      '-metadata:s:v:0',
      `rotate=${options.rotate}`,
      output,
    ]);
  }
  return output;
}
