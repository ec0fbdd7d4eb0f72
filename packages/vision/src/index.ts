/**
 * FilmRoom vision: what the picture shows, measured. Takes a video or a photo and returns people
 * (boxes, 17 keypoints, faces with embeddings), tracked over time, with jersey colour.
 * No HTTP, no database: data in, data out.
 */
export { scanVideo } from './video-scan';
export type { DenseSamplingOptions, ScanOptions } from './video-scan';
export { detectPeopleInImage, faceEmbedding } from './photos';
export type { PhotoOptions } from './photos';
export { cosineSimilarity } from './face-match';
export { JERSEY_COLORS, JERSEY_COLOR_NAMES } from './jersey-colors';
export type { JerseyColor } from './jersey-colors';
export { dominantJerseyColor } from './jersey';
export type { RgbPicture } from '@filmroom/media';
export { KEYPOINT_NAMES } from './types';
export type {
  Box,
  DenseWindow,
  FaceSample,
  JerseyColorReading,
  Keypoint,
  KeypointName,
  PeopleInImage,
  PersonInImage,
  StageTimings,
  Track,
  TrackSample,
  VisionScan,
} from './types';
