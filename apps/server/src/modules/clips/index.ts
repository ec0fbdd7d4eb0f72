// The clips module's public surface: what other modules may use. The rest is the module's own.
export { requireClipAccess, requirePlaylistAccess, type ClipAccess } from './clip-access';
export { ClipMedia, clipMediaKeys } from './clip-media';
export { ClipService } from './clip-service';
export { PlaylistService } from './playlist-service';
export { clipRoutes } from './routes';
