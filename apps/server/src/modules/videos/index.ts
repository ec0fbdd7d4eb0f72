// The videos module's public surface: what other modules may use. The rest is the module's own.
export {
  canEdit,
  canView,
  findVideoAccess,
  findVideosAccess,
  mayKnowTeam,
  playlistReaches,
  requireVideoAccess,
  sharesReaching,
  teamsReaching,
  type VideoAccess,
} from './video-access';
export { isAmong, VideoEvents, type AccessEnded } from './video-events';
export {
  SERVABLE_ANNOTATION_AUDIO_KEY,
  SERVABLE_KEY,
  SERVABLE_STREAM_KEY,
  uploadsUrl,
  videoKeys,
} from './video-keys';
export {
  removeResumableUploads,
  resumableUploadsFolder,
  sweepAbandonedUploads,
} from './resumable-store';
export { estimatedRangeBytes, lockOwnersQuota, quotaProblem, storageUsedBy } from './storage-quota';
