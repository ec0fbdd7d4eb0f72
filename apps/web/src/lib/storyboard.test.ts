import { describe, expect, it } from 'vitest';
import { parseStoryboard, tileAt } from './storyboard';

const VTT = `WEBVTT

00:00:00.000 --> 00:00:02.000
sprite-001.jpg#xywh=0,0,160,90

00:00:02.000 --> 00:00:04.000
sprite-001.jpg#xywh=160,0,160,90

00:00:04.000 --> 00:01:05.500
sprite-002.jpg#xywh=0,90,160,90
`;

describe('parseStoryboard', () => {
  it('reads each cue’s time span, sheet and region, resolving the sheet beside the WebVTT', () => {
    const tiles = parseStoryboard(VTT, '/uploads/videos/v1/storyboard/storyboard.vtt');
    expect(tiles).toEqual([
      {
        start: 0,
        end: 2,
        sheet: '/uploads/videos/v1/storyboard/sprite-001.jpg',
        x: 0,
        y: 0,
        width: 160,
        height: 90,
      },
      expect.objectContaining({ start: 2, end: 4, x: 160, y: 0 }),
      expect.objectContaining({
        start: 4,
        end: 65.5,
        sheet: '/uploads/videos/v1/storyboard/sprite-002.jpg',
        y: 90,
      }),
    ]);
  });

  it('keeps an absolute address absolute and reads Windows line ends', () => {
    const tiles = parseStoryboard(VTT.replaceAll('\n', '\r\n'), 'https://cdn.example/a/b.vtt');
    expect(tiles[0]!.sheet).toBe('https://cdn.example/a/sprite-001.jpg');
    expect(tiles).toHaveLength(3);
  });

  it('finds nothing in a file without cues', () => {
    expect(parseStoryboard('WEBVTT\n', '/a.vtt')).toEqual([]);
  });
});

describe('tileAt', () => {
  const tiles = parseStoryboard(VTT, '/s/storyboard.vtt');
  it('picks the tile whose span holds the time, clamped to the first and last', () => {
    expect(tileAt(tiles, 0)!.x).toBe(0);
    expect(tileAt(tiles, 1.99)!.x).toBe(0);
    expect(tileAt(tiles, 2)!.x).toBe(160);
    expect(tileAt(tiles, 30)!.sheet).toBe('/s/sprite-002.jpg');
    expect(tileAt(tiles, 999)!.sheet).toBe('/s/sprite-002.jpg');
    expect(tileAt(tiles, -1)!.x).toBe(0);
    expect(tileAt([], 3)).toBeNull();
  });
});
