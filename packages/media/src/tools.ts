import { locateMediaBinaries, type MediaBinaries } from './binaries';

let located: Promise<MediaBinaries> | undefined;

/**
 * The ffmpeg and ffprobe this process runs, located the first time media work (or the start-up
 * log) asks, not when the package loads: asking each binary its version takes a few hundred
 * milliseconds that a starting server need not wait for. Every command line this package builds
 * runs one of these two.
 */
export const mediaBinaries = (): Promise<MediaBinaries> => (located ??= locateMediaBinaries());
export const ffmpegPath = async (): Promise<string> => (await mediaBinaries()).ffmpeg.path;
export const ffprobePath = async (): Promise<string> => (await mediaBinaries()).ffprobe.path;
