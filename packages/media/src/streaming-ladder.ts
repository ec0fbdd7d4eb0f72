import { ffmpegProgress } from './ffmpeg-progress';
import { mkdir, readdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { masterPlaylist } from './hls-master';
import { loadSharp } from './load-sharp';
import { runMediaTool } from './run';
import { ffmpegPath } from './tools';
import { x264Args } from './encoder-profiles';

/** Seconds per HLS segment; every rendition has a keyframe exactly here, so players switch cleanly. */
export const SEGMENT_SECONDS = 4;

/**
 * The ladder, by the picture's short side (a portrait 1080p is 1080 wide). Bitrates cap a CRF
 * encode (as PeerTube does): quiet film stays small, busy film stays streamable.
 */
const RUNGS = [
  { name: '360p', shortSide: 360, maxKbps: 800 },
  { name: '720p', shortSide: 720, maxKbps: 2_800 },
  { name: '1080p', shortSide: 1080, maxKbps: 5_000 },
] as const;

/** Storyboard tiles: the long side in pixels and how many go on one sprite sheet. */
const TILE_LONG_SIDE = 160;
const SHEET_COLUMNS = 10;
const SHEET_ROWS = 10;
/** A tile every 2 s for short film; long film keeps to about this many tiles in all. */
const MIN_TILE_SECONDS = 2;
const MAX_TILES = 300;

export type Rendition = { name: string; width: number; height: number; maxKbps: number };

export type StreamingLadder = {
  /** Paths relative to the output folder. */
  masterPlaylist: string;
  storyboard: string;
  renditions: Rendition[];
  /** Seconds between storyboard tiles. */
  tileSeconds: number;
};

const even = (value: number) => Math.max(2, 2 * Math.round(value / 2));

/**
 * The renditions for a picture of this (displayed) size: each rung up to the picture's short
 * side, never above it, and always at least one (a picture under 360p keeps its own size).
 */
export function planRenditions(size: { width: number; height: number }): Rendition[] {
  const short = Math.min(size.width, size.height);
  const portrait = size.height > size.width;
  const fitting = RUNGS.filter((rung) => rung.shortSide <= short);
  const rungs = fitting.length > 0 ? fitting : [{ ...RUNGS[0], shortSide: even(short) }];
  return rungs.map((rung) => {
    const long = even((rung.shortSide * Math.max(size.width, size.height)) / short);
    return {
      name: fitting.length > 0 ? rung.name : `${rung.shortSide}p`,
      width: portrait ? rung.shortSide : long,
      height: portrait ? long : rung.shortSide,
      maxKbps: rung.maxKbps,
    };
  });
}

/** Seconds between storyboard tiles: fixed for the whole video, coarser for long film. */
export function storyboardTileSeconds(duration: number): number {
  return Math.max(MIN_TILE_SECONDS, Math.ceil(duration / MAX_TILES));
}

/**
 * Writes an HLS ladder (fMP4 segments, a variant playlist per rendition, a master playlist with
 * BANDWIDTH, RESOLUTION and CODECS) and a storyboard (JPEG sprite sheets and a WebVTT file whose
 * cues point at their tiles with #xywh) into `outputDir`, from a browser-ready MP4.
 *
 * One ffmpeg run decodes once and splits the picture to every rendition and the sprites: on two
 * cores the decode is a large share of the cost. x264 `veryfast` with keyframes forced on segment
 * boundaries (no scene-cut keyframes) keeps renditions aligned, as PeerTube and Immich do.
 */
export async function makeStreamingLadder(
  input: string,
  outputDir: string,
  options: {
    size: { width: number; height: number };
    duration: number;
    hasAudio: boolean;
    signal?: AbortSignal;
    onProgress?: (fraction: number) => void;
  },
): Promise<StreamingLadder> {
  const renditions = planRenditions(options.size);
  const tileSeconds = storyboardTileSeconds(options.duration);
  const hlsDir = path.join(outputDir, 'hls');
  const storyboardDir = path.join(outputDir, 'storyboard');
  await mkdir(storyboardDir, { recursive: true });
  // ffmpeg names each rendition's folder by its index (`%v`): 4.1, the static build from npm,
  // has no names in -var_stream_map. They are renamed once it is done.
  for (const [index] of renditions.entries()) {
    await mkdir(path.join(hlsDir, String(index)), { recursive: true });
  }

  const landscape = options.size.width >= options.size.height;
  const tileScale = landscape ? `${TILE_LONG_SIDE}:-2` : `-2:${TILE_LONG_SIDE}`;
  const splits = renditions.map((_, index) => `[s${index}]`).join('');
  const filter = [
    `[0:v:0]split=${renditions.length + 1}${splits}[sb]`,
    ...renditions.map(
      (rendition, index) => `[s${index}]scale=${rendition.width}:${rendition.height}[v${index}]`,
    ),
    `[sb]fps=1/${tileSeconds}:round=down,scale=${tileScale},format=yuvj420p,tile=${SHEET_COLUMNS}x${SHEET_ROWS}[sprites]`,
  ].join(';');

  const maps = renditions.flatMap((_, index) => [
    '-map',
    `[v${index}]`,
    ...(options.hasAudio ? ['-map', '0:a:0'] : []),
  ]);
  const rates = renditions.flatMap((rendition, index) => [
    `-maxrate:v:${index}`,
    `${rendition.maxKbps}k`,
    `-bufsize:v:${index}`,
    `${rendition.maxKbps * 2}k`,
  ]);
  const streamMap = renditions
    .map((_, index) => `v:${index}${options.hasAudio ? `,a:${index}` : ''}`)
    .join(' ');

  const args = [
    '-hide_banner',
    '-nostats',
    '-loglevel',
    'error',
    '-y',
    '-i',
    input,
    '-filter_complex',
    filter,
    ...maps,
    ...x264Args('web'),
    '-force_key_frames',
    `expr:gte(t,n_forced*${SEGMENT_SECONDS})`,
    '-sc_threshold',
    '0',
    // No B-frames: with them the first picture is stamped a frame or two late, and Media Source
    // ignores the MP4's edit list that hides it, so every time would sit that much later than
    // in the MP4 the notes and coaching points were measured on.
    '-bf',
    '0',
    ...rates,
    // The prepared MP4's sound is AAC already: every rendition carries it as it is.
    '-c:a',
    'copy',
    '-f',
    'hls',
    '-hls_time',
    String(SEGMENT_SECONDS),
    '-hls_playlist_type',
    'vod',
    '-hls_segment_type',
    'fmp4',
    '-hls_flags',
    'independent_segments',
    '-hls_fmp4_init_filename',
    'init.mp4',
    '-hls_segment_filename',
    path.join(hlsDir, '%v', 'segment-%05d.m4s'),
    '-var_stream_map',
    streamMap,
    path.join(hlsDir, '%v', 'index.m3u8'),
    '-map',
    '[sprites]',
    '-q:v',
    '5',
    path.join(storyboardDir, 'sprite-%03d.jpg'),
    '-progress',
    'pipe:1',
  ];
  await runMediaTool(await ffmpegPath(), args, {
    signal: options.signal,
    onStdoutLine: (line) => {
      const progress = ffmpegProgress(line, options.duration);
      if (progress !== null) options.onProgress?.(progress);
    },
  });

  for (const [index, rendition] of renditions.entries()) {
    await rename(path.join(hlsDir, String(index)), path.join(hlsDir, rendition.name));
  }
  await writeFile(path.join(hlsDir, 'master.m3u8'), await masterPlaylist(hlsDir, renditions));

  const sheets = (await readdir(storyboardDir)).filter((name) => name.endsWith('.jpg')).sort();
  const sharp = await loadSharp();
  const first = await sharp(path.join(storyboardDir, sheets[0]!)).metadata();
  const tile = { width: first.width / SHEET_COLUMNS, height: first.height / SHEET_ROWS };
  await writeFile(
    path.join(storyboardDir, 'storyboard.vtt'),
    storyboardVtt({ duration: options.duration, tileSeconds, sheets, tile }),
  );
  return {
    masterPlaylist: 'hls/master.m3u8',
    storyboard: 'storyboard/storyboard.vtt',
    renditions,
    tileSeconds,
  };
}

const vttTime = (seconds: number) => {
  const millis = Math.round(seconds * 1000);
  const hours = Math.floor(millis / 3_600_000);
  const minutes = Math.floor(millis / 60_000) % 60;
  const secs = Math.floor(millis / 1000) % 60;
  const pad = (value: number, width = 2) => String(value).padStart(width, '0');
  return `${pad(hours)}:${pad(minutes)}:${pad(secs)}.${pad(millis % 1000, 3)}`;
};

/** One cue per tile, back to back to the end of the video, each naming its sheet and region. */
function storyboardVtt({
  duration,
  tileSeconds,
  sheets,
  tile,
}: {
  duration: number;
  tileSeconds: number;
  sheets: string[];
  tile: { width: number; height: number };
}): string {
  const perSheet = SHEET_COLUMNS * SHEET_ROWS;
  const tiles = Math.min(Math.ceil(duration / tileSeconds), sheets.length * perSheet);
  const cues = Array.from({ length: tiles }, (_, index) => {
    const start = index * tileSeconds;
    const end = index === tiles - 1 ? duration : Math.min(duration, start + tileSeconds);
    const place = index % perSheet;
    const x = (place % SHEET_COLUMNS) * tile.width;
    const y = Math.floor(place / SHEET_COLUMNS) * tile.height;
    const sheet = sheets[Math.floor(index / perSheet)]!;
    return `${vttTime(start)} --> ${vttTime(end)}\n${sheet}#xywh=${x},${y},${tile.width},${tile.height}`;
  });
  return `WEBVTT\n\n${cues.join('\n\n')}\n`;
}
