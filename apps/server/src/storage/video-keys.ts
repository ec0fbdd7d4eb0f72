import { UUID } from './uuid';

/** Where each file of a video lives in the BlobStore. Everything of a video shares one prefix. */
export const videoKeys = {
  prefix: (videoId: string) => `videos/${videoId}/`,
  original: (videoId: string) => `videos/${videoId}/original`,
  media: (videoId: string) => `videos/${videoId}/media.mp4`,
  poster: (videoId: string) => `videos/${videoId}/poster.jpg`,
  thumbnail: (videoId: string) => `videos/${videoId}/thumbnail.jpg`,
  /** The HLS ladder's folder (master.m3u8, one folder per rendition) and the storyboard's. */
  stream: (videoId: string) => `videos/${videoId}/hls/`,
  storyboard: (videoId: string) => `videos/${videoId}/storyboard/`,
  /** An annotation's voice note: under the video's prefix, so it goes when the video goes. */
  annotationAudio: (videoId: string, annotationId: string, extension: 'webm' | 'ogg') =>
    `videos/${videoId}/annotations/${annotationId}.${extension}`,
  /**
   * A clip's cut MP4s (cut on a first play): under the video's prefix, so they go with the
   * video, and named by the range, so a changed range is cut afresh.
   */
  clipCuts: (videoId: string, clipId: string) => `videos/${videoId}/clips/${clipId}/`,
  clipCut: (clip: { id: string; videoId: string; startTime: number; endTime: number }) =>
    `videos/${clip.videoId}/clips/${clip.id}/${clip.startTime.toFixed(3)}-${clip.endTime.toFixed(3)}.mp4`,
  /** Uploads land here until their row commits. */
  incoming: (uploadId: string) => `incoming/${uploadId}`,
};

/** The files under /uploads that browsers may ask for: a video's prepared media and stills. */
export const SERVABLE_KEY = new RegExp(
  `^videos/(${UUID})/(media\\.mp4|poster\\.jpg|thumbnail\\.jpg)$`,
);

/**
 * The HLS ladder and the storyboard under /uploads: the same viewers as the video's media.
 * Only the names preparation writes, so nothing else under the prefix (clips) is reachable.
 */
export const SERVABLE_STREAM_KEY = new RegExp(
  `^videos/(${UUID})/(?:hls/(?:master\\.m3u8|\\d+p/(?:index\\.m3u8|init(?:_\\d+)?\\.mp4|segment-\\d+\\.m4s))` +
    `|storyboard/(?:storyboard\\.vtt|sprite-\\d+\\.jpg))$`,
);

/** Voice notes under /uploads: browsers may ask for them as they may for the video's media. */
export const SERVABLE_ANNOTATION_AUDIO_KEY = new RegExp(
  `^videos/(${UUID})/annotations/${UUID}\\.(webm|ogg)$`,
);

export const uploadsUrl = (key: string) => `/uploads/${key}`;
