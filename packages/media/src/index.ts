import { locateMediaBinaries } from './binaries';

export { locateMediaBinaries, MIN_SYSTEM_MAJOR } from './binaries';
export type { MediaBinaries, MediaBinary } from './binaries';
export { MediaToolError, runMediaTool } from './run';

/** The ffmpeg and ffprobe this process runs, located once when it first needs them. */
export const mediaBinaries = locateMediaBinaries();
export const ffmpegPath = mediaBinaries.ffmpeg.path;
export const ffprobePath = mediaBinaries.ffprobe.path;
