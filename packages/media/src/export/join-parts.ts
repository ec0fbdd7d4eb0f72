import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { runMediaTool } from '../run';
import { ffmpegPath } from '../tools';

/**
 * Joins parts rendered with the same canvas (see renderExport) into one MP4, one after another.
 * The parts share size, frame rate, codecs and time base, so the concat demuxer copies them
 * without a second encode.
 */
export async function joinExportParts(
  parts: readonly string[],
  output: string,
  options: { signal?: AbortSignal } = {},
): Promise<void> {
  const list = path.join(path.dirname(output), `${path.basename(output)}.parts.txt`);
  // The concat list quotes each path; a quote inside one is escaped the way the demuxer reads it.
  const quoted = parts.map((part) => `file '${path.resolve(part).replaceAll("'", "'\\''")}'`);
  await writeFile(list, `${quoted.join('\n')}\n`);
  await runMediaTool(
    await ffmpegPath(),
    [
      '-hide_banner',
      '-nostats',
      '-y',
      '-f',
      'concat',
      '-safe',
      '0',
      '-i',
      list,
      '-c',
      'copy',
      '-movflags',
      '+faststart',
      output,
    ],
    { signal: options.signal },
  );
}
