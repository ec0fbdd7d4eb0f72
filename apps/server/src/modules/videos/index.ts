// The videos module's public surface: what other modules may use. The rest is the module's own.
export {
  canEdit,
  canView,
  findVideoAccess,
  requireVideoAccess,
  type VideoAccess,
} from './video-access';
export { VideoEvents } from './video-events';
export { uploadsUrl, videoKeys } from './video-keys';
