/** One tile of a storyboard: the sprite sheet it sits on and its region there, for a time span. */
export type StoryboardTile = {
  start: number;
  end: number;
  /** The sprite sheet's address, resolved against the WebVTT's own. */
  sheet: string;
  x: number;
  y: number;
  width: number;
  height: number;
};

const CUE = /^([\d:.]+)\s+-->\s+([\d:.]+)[^\n]*\n([^\s#]+)#xywh=(\d+),(\d+),(\d+),(\d+)/gm;

const seconds = (time: string) =>
  time.split(':').reduce((total, part) => total * 60 + Number(part), 0);

/** The tiles of a storyboard WebVTT (cue text `sheet.jpg#xywh=x,y,w,h`), in time order. */
export function parseStoryboard(vtt: string, baseUrl: string): StoryboardTile[] {
  const base = new URL(baseUrl, 'http://filmroom.invalid');
  const relative = base.origin === 'http://filmroom.invalid';
  return [...vtt.replaceAll('\r\n', '\n').matchAll(CUE)].map((match) => {
    const sheet = new URL(match[3]!, base);
    return {
      start: seconds(match[1]!),
      end: seconds(match[2]!),
      sheet: relative ? `${sheet.pathname}${sheet.search}` : sheet.href,
      x: Number(match[4]),
      y: Number(match[5]),
      width: Number(match[6]),
      height: Number(match[7]),
    };
  });
}

/** The tile showing `time`: the last one starting at or before it (tiles run back to back). */
export function tileAt(tiles: readonly StoryboardTile[], time: number): StoryboardTile | null {
  let low = 0;
  let high = tiles.length - 1;
  let found: StoryboardTile | null = null;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (tiles[middle]!.start <= time) {
      found = tiles[middle]!;
      low = middle + 1;
    } else high = middle - 1;
  }
  return found ?? tiles[0] ?? null;
}
