/**
 * FilmRoom media: the one place that knows ffmpeg. It finds the binaries, reads what a file
 * holds, writes the browser-ready video and its stills, and decodes pictures and sound for the
 * vision and speech packages. Callers ask for "a web video" or "frames at 5 fps", never for flags.
 */
export { locateMediaBinaries, MIN_SYSTEM_MAJOR } from './binaries';
export type { MediaBinaries, MediaBinary } from './binaries';
export { ffmpegPath, ffprobePath, mediaBinaries } from './tools';
export { MediaToolError, runMediaTool } from './run';
export { displaySize, probeMedia, UnreadableMediaError } from './probe';
export type { MediaProbe } from './probe';
export { makeStill, makeWebVideo, planWebVideo } from './web-video';
export { cutClip } from './clip-cut';
export { loadSharp } from './load-sharp';
export { x264Args } from './encoder-profiles';
export type { X264Profile } from './encoder-profiles';
export { makeStreamingLadder, planRenditions, SEGMENT_SECONDS } from './streaming-ladder';
export type { Rendition, StreamingLadder } from './streaming-ladder';
export type { WebVideoPlan } from './web-video';
export { decodeFrames, decodePicture } from './frames';
export type { DecodeOptions, RgbPicture, TimeRange, VideoFrame, VideoHeader } from './frames';
export { remuxAudio, SPEECH_WAV_HEADER_BYTES, writeSpeechWav } from './audio';
export { EXPORT_MAX_LONG_SIDE, exportSize, fitWithin, renderExport } from './export/render-export';
export { joinExportParts } from './export/join-parts';
export { measurementsSvgAt } from './export/measure-svg';
export type { ExportRender, ExportStill } from './export/render-export';
export {
  captionSvg,
  drawingSvg,
  guidesSvg,
  nameLabelSvg,
  stackedCaptions,
  svgDocument,
} from './export/overlay-svg';
export type { FrameSize } from './export/overlay-svg';
