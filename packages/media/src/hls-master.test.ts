import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bandwidths, codecsOf, masterPlaylist, parseMediaPlaylist } from './hls-master';

const MEDIA_PLAYLIST = [
  '#EXTM3U',
  '#EXT-X-VERSION:7',
  '#EXT-X-TARGETDURATION:4',
  '#EXT-X-MAP:URI="init_0.mp4"',
  '#EXTINF:4.000000,',
  'segment-00000.m4s',
  '#EXTINF:2.000000,',
  'segment-00001.m4s',
  '#EXT-X-ENDLIST',
].join('\n');

/** An init segment's bytes around its avcC box: version 1, High profile (0x64), level 3.1. */
const AVC_INIT = Buffer.concat([
  Buffer.from('....moov....avcC'),
  Buffer.from([0x01, 0x64, 0x00, 0x1f, 0xff]),
]);

describe('the master playlist FilmRoom writes for every FFmpeg', () => {
  const folders: string[] = [];
  afterAll(() => Promise.all(folders.map((folder) => rm(folder, { recursive: true }))));

  it('reads a media playlist: its init segment and each segment with its length', () => {
    expect(parseMediaPlaylist(MEDIA_PLAYLIST)).toEqual({
      initUri: 'init_0.mp4',
      segments: [
        { uri: 'segment-00000.m4s', seconds: 4 },
        { uri: 'segment-00001.m4s', seconds: 2 },
      ],
    });
  });

  it('gives the peak segment rate as BANDWIDTH and the whole rate as AVERAGE-BANDWIDTH', () => {
    expect(
      bandwidths([
        { bits: 4_000_000, seconds: 4 },
        { bits: 3_000_000, seconds: 2 },
      ]),
    ).toEqual({ peak: 1_500_000, average: 1_166_667 });
  });

  it('names H.264 by its avcC bytes and AAC as AAC-LC', () => {
    expect(codecsOf(AVC_INIT)).toBe('avc1.64001f');
    expect(codecsOf(Buffer.concat([AVC_INIT, Buffer.from('mp4a')]))).toBe('avc1.64001f,mp4a.40.2');
    expect(codecsOf(Buffer.from('no known codec here'))).toBeUndefined();
  });

  it('lists every rendition by name with what a player needs to choose one', async () => {
    const hlsDir = await mkdtemp(path.join(tmpdir(), 'hls-master-'));
    folders.push(hlsDir);
    await mkdir(path.join(hlsDir, '360p'));
    await writeFile(path.join(hlsDir, '360p', 'index.m3u8'), MEDIA_PLAYLIST);
    await writeFile(path.join(hlsDir, '360p', 'init_0.mp4'), AVC_INIT);
    await writeFile(path.join(hlsDir, '360p', 'segment-00000.m4s'), Buffer.alloc(50_000));
    await writeFile(path.join(hlsDir, '360p', 'segment-00001.m4s'), Buffer.alloc(40_000));

    const master = await masterPlaylist(hlsDir, [{ name: '360p', width: 640, height: 360 }]);

    expect(master.split('\n')).toEqual([
      '#EXTM3U',
      '#EXT-X-VERSION:7',
      '#EXT-X-INDEPENDENT-SEGMENTS',
      '#EXT-X-STREAM-INF:BANDWIDTH=160000,AVERAGE-BANDWIDTH=120000,RESOLUTION=640x360,CODECS="avc1.64001f"',
      '360p/index.m3u8',
      '',
    ]);
  });
});
