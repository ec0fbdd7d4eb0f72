import { locateMediaBinaries } from './binaries';

/**
 * The ffmpeg and ffprobe this process runs, located once when the package is first loaded: every
 * command line this package builds runs one of these two.
 */
export const mediaBinaries = locateMediaBinaries();
export const ffmpegPath = mediaBinaries.ffmpeg.path;
export const ffprobePath = mediaBinaries.ffprobe.path;
