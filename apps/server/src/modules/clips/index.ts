// The clips module's public surface: what other modules may use. The rest is the module's own.
// An export of a clip or a playlist starts from clipRangeFor / playlistClipsFor: each checks
// that the asker may play what it returns (a ClipRange of clip-ranges.ts each).
export { clipRangeFor, playlistClipsFor } from './clip-ranges';
export { clipRoutes } from './routes';
export { makePlaylistOfRanges } from './playlist-from-ranges';
// Its services, built once by the composition root (src/services.ts).
export { ClipMedia } from './clip-media';
export { ClipService } from './clip-service';
export { PlaylistService } from './playlist-service';
