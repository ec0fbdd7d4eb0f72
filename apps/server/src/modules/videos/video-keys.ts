import { UUID } from '../../lib/uuid';

/** Where each file of a video lives in the BlobStore. Everything of a video shares one prefix. */
export const videoKeys = {
  prefix: (videoId: string) => `videos/${videoId}/`,
  original: (videoId: string) => `videos/${videoId}/original`,
  media: (videoId: string) => `videos/${videoId}/media.mp4`,
  poster: (videoId: string) => `videos/${videoId}/poster.jpg`,
  thumbnail: (videoId: string) => `videos/${videoId}/thumbnail.jpg`,
  /** An annotation's voice note: under the video's prefix, so it goes when the video goes. */
  annotationAudio: (videoId: string, annotationId: string, extension: 'webm' | 'ogg') =>
    `videos/${videoId}/annotations/${annotationId}.${extension}`,
  /** Uploads land here until their row commits. */
  incoming: (uploadId: string) => `incoming/${uploadId}`,
};

/** The files under /uploads that browsers may ask for: a video's prepared media and stills. */
export const SERVABLE_KEY = new RegExp(
  `^videos/(${UUID})/(media\\.mp4|poster\\.jpg|thumbnail\\.jpg)$`,
);

/** Voice notes under /uploads: browsers may ask for them as they may for the video's media. */
export const SERVABLE_ANNOTATION_AUDIO_KEY = new RegExp(
  `^videos/(${UUID})/annotations/${UUID}\\.(webm|ogg)$`,
);

export const uploadsUrl = (key: string) => `/uploads/${key}`;
