import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeMedia } from '../src/probe';
import { runMediaTool } from '../src/run';
import {
  makeStreamingLadder,
  planRenditions,
  SEGMENT_SECONDS,
  storyboardTileSeconds,
} from '../src/streaming-ladder';
import { ffmpegPath } from '../src/tools';

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'media-ladder-'));
});
afterAll(() => rm(folder, { recursive: true, force: true }));

/** A browser-ready MP4 made on the spot: media is never committed. */
async function source(name: string, size: string, seconds: number, audio: boolean) {
  const file = path.join(folder, name);
  await runMediaTool(await ffmpegPath(), [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc2=size=${size}:rate=25:duration=${seconds}`,
    ...(audio ? ['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`] : []),
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    ...(audio ? ['-c:a', 'aac'] : []),
    file,
  ]);
  return file;
}

type Variant = { attributes: Record<string, string>; uri: string };

/** The variants of a master playlist, with their attributes. */
function masterVariants(text: string): Variant[] {
  const lines = text.split('\n').map((line) => line.trim());
  const variants: Variant[] = [];
  lines.forEach((line, index) => {
    if (!line.startsWith('#EXT-X-STREAM-INF:')) return;
    const attributes: Record<string, string> = {};
    for (const match of line.slice(18).matchAll(/([A-Z-]+)=("[^"]*"|[^,]*)/g)) {
      attributes[match[1]!] = match[2]!.replace(/^"|"$/g, '');
    }
    variants.push({ attributes, uri: lines.slice(index + 1).find((next) => next !== '')! });
  });
  return variants;
}

describe('planRenditions', () => {
  it('offers every rung up to the source and none above it', () => {
    expect(planRenditions({ width: 1920, height: 1080 }).map((r) => r.name)).toEqual([
      '360p',
      '720p',
      '1080p',
    ]);
    expect(planRenditions({ width: 1280, height: 720 }).map((r) => r.height)).toEqual([360, 720]);
    expect(planRenditions({ width: 1080, height: 1920 })).toEqual([
      { name: '360p', width: 360, height: 640, maxKbps: 800 },
      { name: '720p', width: 720, height: 1280, maxKbps: 2800 },
      { name: '1080p', width: 1080, height: 1920, maxKbps: 5000 },
    ]);
  });

  it('keeps a source smaller than the lowest rung at its own size', () => {
    expect(planRenditions({ width: 320, height: 240 })).toEqual([
      { name: '240p', width: 320, height: 240, maxKbps: 800 },
    ]);
  });
});

describe('storyboardTileSeconds', () => {
  it('is 2 s for short film and keeps an hour to a few hundred tiles', () => {
    expect(storyboardTileSeconds(30)).toBe(2);
    expect(storyboardTileSeconds(3600)).toBe(12);
  });
});

describe('makeStreamingLadder', () => {
  it('writes a master playlist, aligned fMP4 segments and a storyboard covering the video', async () => {
    const input = await source('720p.mp4', '1280x720', 10, true);
    const output = path.join(folder, 'ladder-720');
    const fractions: number[] = [];
    const ladder = await makeStreamingLadder(input, output, {
      size: { width: 1280, height: 720 },
      duration: 10,
      hasAudio: true,
      onProgress: (fraction) => fractions.push(fraction),
    });
    expect(fractions.at(-1)).toBe(1);

    const master = await readFile(path.join(output, ladder.masterPlaylist), 'utf8');
    expect(master.startsWith('#EXTM3U')).toBe(true);
    const variants = masterVariants(master);
    // No 1080p from a 720p source.
    expect(variants.map((variant) => variant.attributes.RESOLUTION)).toEqual([
      '640x360',
      '1280x720',
    ]);
    for (const variant of variants) {
      expect(Number(variant.attributes.BANDWIDTH)).toBeGreaterThan(0);
      expect(variant.attributes.CODECS).toMatch(/^avc1\.[0-9a-f]{6},mp4a\.40\.2$/);
      const playlistPath = path.join(output, 'hls', variant.uri);
      const playlist = await readFile(playlistPath, 'utf8');
      expect(playlist).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
      expect(playlist).toContain('#EXT-X-ENDLIST');
      const init = /#EXT-X-MAP:URI="([^"]+)"/.exec(playlist)![1]!;
      const initProbe = await probeMedia(path.join(path.dirname(playlistPath), init));
      expect(initProbe.video?.codec).toBe('h264');
      const durations = [...playlist.matchAll(/#EXTINF:([\d.]+)/g)].map((m) => Number(m[1]));
      // Keyframes every SEGMENT_SECONDS: each segment but the last is exactly that long.
      expect(durations.slice(0, -1).every((value) => value === SEGMENT_SECONDS)).toBe(true);
      expect(durations.reduce((sum, value) => sum + value, 0)).toBeCloseTo(10, 1);
      const [width, height] = variant.attributes.RESOLUTION!.split('x').map(Number);
      const segment = [...playlist.matchAll(/^(segment-\d+\.m4s)$/gm)][0]![1]!;
      const joined = path.join(folder, `${variant.uri.replace('/', '-')}.mp4`);
      await runMediaTool(await ffmpegPath(), [
        '-loglevel',
        'error',
        '-y',
        '-i',
        `concat:${path.join(path.dirname(playlistPath), init)}|${path.join(path.dirname(playlistPath), segment)}`,
        '-c',
        'copy',
        joined,
      ]);
      const probed = await probeMedia(joined);
      expect([probed.video?.width, probed.video?.height]).toEqual([width, height]);
    }

    const vtt = await readFile(path.join(output, ladder.storyboard), 'utf8');
    expect(vtt.startsWith('WEBVTT')).toBe(true);
    const cues = [...vtt.matchAll(/([\d:.]+) --> ([\d:.]+)\n(\S+)#xywh=(\d+),(\d+),(\d+),(\d+)/g)];
    const seconds = (time: string) =>
      time.split(':').reduce((total, part) => total * 60 + Number(part), 0);
    expect(cues).toHaveLength(10 / ladder.tileSeconds);
    expect(seconds(cues[0]![1]!)).toBe(0);
    expect(seconds(cues.at(-1)![2]!)).toBe(10);
    cues.slice(1).forEach((cue, index) => expect(cue[1]).toBe(cues[index]![2]));
    for (const cue of cues) {
      const sheet = await sharp(path.join(output, 'storyboard', cue[3]!)).metadata();
      const [x, y, w, h] = cue.slice(4, 8).map(Number) as [number, number, number, number];
      expect(w).toBe(160);
      expect(h).toBe(90);
      expect(x + w).toBeLessThanOrEqual(sheet.width);
      expect(y + h).toBeLessThanOrEqual(sheet.height);
    }
  });

  it('makes one rendition of a small silent source', async () => {
    const input = await source('small.mp4', '320x240', 3, false);
    const output = path.join(folder, 'ladder-small');
    const ladder = await makeStreamingLadder(input, output, {
      size: { width: 320, height: 240 },
      duration: 3,
      hasAudio: false,
    });
    const variants = masterVariants(
      await readFile(path.join(output, ladder.masterPlaylist), 'utf8'),
    );
    expect(variants).toHaveLength(1);
    expect(variants[0]!.attributes.RESOLUTION).toBe('320x240');
    expect(variants[0]!.attributes.CODECS).toMatch(/^avc1\.[0-9a-f]{6}$/);
  });
});
