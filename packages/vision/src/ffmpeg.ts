import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * The static ffmpeg binary from `@ffmpeg-installer/ffmpeg` (a 4.x build from 2018): it installs
 * with npm alone, so a fresh machine needs no system ffmpeg.
 */
export const ffmpegPath: string = (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
