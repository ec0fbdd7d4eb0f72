// The media module's public surface: the job that makes an upload playable (ffmpeg itself lives
// in packages/media).
export { prepareVideoJob } from './prepare-video-job';
