import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';

/**
 * The master playlist of an HLS ladder, written here rather than by ffmpeg: the static ffmpeg
 * from npm (4.1, the default install's) writes an empty one for fMP4 variants and knows no
 * rendition names, so FFmpeg of every age gets the same playlist, measured from what it wrote.
 */
export async function masterPlaylist(
  hlsDir: string,
  renditions: { name: string; width: number; height: number }[],
): Promise<string> {
  const entries = await Promise.all(
    renditions.map(async (rendition) => {
      const folder = path.join(hlsDir, rendition.name);
      const playlist = parseMediaPlaylist(await readFile(path.join(folder, 'index.m3u8'), 'utf8'));
      const rates = await Promise.all(
        playlist.segments.map(async (segment) => {
          const { size } = await stat(path.join(folder, segment.uri));
          return { bits: size * 8, seconds: segment.seconds };
        }),
      );
      const codecs = playlist.initUri
        ? codecsOf(await readFile(path.join(folder, playlist.initUri)))
        : undefined;
      return { rendition, ...bandwidths(rates), codecs };
    }),
  );
  const lines = ['#EXTM3U', '#EXT-X-VERSION:7', '#EXT-X-INDEPENDENT-SEGMENTS'];
  for (const { rendition, peak, average, codecs } of entries) {
    const attributes = [
      `BANDWIDTH=${peak}`,
      `AVERAGE-BANDWIDTH=${average}`,
      `RESOLUTION=${rendition.width}x${rendition.height}`,
      ...(codecs ? [`CODECS="${codecs}"`] : []),
    ];
    lines.push(`#EXT-X-STREAM-INF:${attributes.join(',')}`, `${rendition.name}/index.m3u8`);
  }
  return `${lines.join('\n')}\n`;
}

type MediaPlaylist = { initUri?: string; segments: { uri: string; seconds: number }[] };

export function parseMediaPlaylist(text: string): MediaPlaylist {
  const lines = text.split(/\r?\n/).map((line) => line.trim());
  const initUri = lines.find((line) => line.startsWith('#EXT-X-MAP:'))?.match(/URI="([^"]+)"/)?.[1];
  const segments: MediaPlaylist['segments'] = [];
  let seconds: number | undefined;
  for (const line of lines) {
    if (line.startsWith('#EXTINF:')) seconds = Number.parseFloat(line.slice('#EXTINF:'.length));
    else if (line && !line.startsWith('#') && seconds !== undefined) {
      segments.push({ uri: line, seconds });
      seconds = undefined;
    }
  }
  return { initUri, segments };
}

/**
 * HLS's BANDWIDTH is the peak segment bit rate and AVERAGE-BANDWIDTH the whole stream's
 * (RFC 8216 §4.3.4.2), both in bits per second; a segment too short to time counts by the rest.
 */
export function bandwidths(segments: { bits: number; seconds: number }[]): {
  peak: number;
  average: number;
} {
  const timed = segments.filter((segment) => segment.seconds > 0);
  if (timed.length === 0) return { peak: 1, average: 1 };
  const peak = Math.max(...timed.map((segment) => segment.bits / segment.seconds));
  const bits = timed.reduce((sum, segment) => sum + segment.bits, 0);
  const seconds = timed.reduce((sum, segment) => sum + segment.seconds, 0);
  return { peak: Math.ceil(peak), average: Math.ceil(bits / seconds) };
}

/**
 * RFC 6381 codec names for what an init segment holds, which a player checks before it loads:
 * H.264's profile, constraints and level are the three bytes after the avcC box's version;
 * AAC is named as AAC-LC, which every AAC decoder in a browser plays (HE-AAC included).
 */
export function codecsOf(initSegment: Buffer): string | undefined {
  const names: string[] = [];
  const avcC = initSegment.indexOf('avcC');
  if (avcC >= 0 && avcC + 8 <= initSegment.length) {
    names.push(`avc1.${initSegment.subarray(avcC + 5, avcC + 8).toString('hex')}`);
  }
  if (initSegment.includes('mp4a')) names.push('mp4a.40.2');
  return names.length > 0 ? names.join(',') : undefined;
}
