// The videos module's public surface: what other modules may use. The rest is the module's own.
export {
  removeResumableUploads,
  resumableUploadsFolder,
  sweepAbandonedUploads,
} from './resumable-store';
export { estimatedRangeBytes, lockOwnersQuota, quotaProblem, storageUsedBy } from './storage-quota';
// Its service, built once by the composition root (src/services.ts).
export { VideoService } from './video-service';
