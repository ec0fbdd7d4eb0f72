import { analysisRangeEventHandler } from '@/features/analysis/api/analysis-range-events';
import { annotationsEventHandler } from '@/features/annotations/api/annotations-events';
import { playlistEventHandler } from '@/features/clips/api/playlist-events';
import { exportEventHandler } from '@/features/exports/api/export-events';
import { measurementEventHandler } from '@/features/measurements/api/measurement-events';
import { notificationsEventHandler } from '@/features/notifications/api/notifications-events';
import {
  suggestionsOnAnalysisHandler,
  suggestionsOnRangeHandler,
  taggingEventHandler,
} from '@/features/tagging/api/tagging-events';
import { analysisEventHandler, videoEventHandler } from '@/features/videos/api/video-events';
import { defineEventHandler, invalidateAddresses, type AnyEventHandler } from '@/lib/server-events';

/** What a share, a team or a roster link can give and take away: asked again when access ends. */
const REACHABLE_BY_SHARING = [
  '/api/videos',
  '/api/playlists',
  '/api/clips',
  '/api/teams',
  '/api/exports',
  '/api/players',
];

/**
 * Some access of the user's ended (a share removed, taken off a team): everything shown that
 * sharing reaches is asked again, so what is no longer theirs leaves the page at once. It spans
 * features, so the app that composes them handles it.
 */
const accessEventHandler = defineEventHandler({
  event: 'access',
  apply: (queryClient) =>
    invalidateAddresses(queryClient, (address) =>
      REACHABLE_BY_SHARING.some((prefix) => address.startsWith(prefix)),
    ),
});

/** Each event the signed-in app hears, with the feature that keeps its caches live. */
export const SERVER_EVENT_HANDLERS: readonly AnyEventHandler[] = [
  videoEventHandler,
  analysisEventHandler,
  analysisRangeEventHandler,
  annotationsEventHandler,
  exportEventHandler,
  playlistEventHandler,
  notificationsEventHandler,
  taggingEventHandler,
  measurementEventHandler,
  suggestionsOnAnalysisHandler,
  suggestionsOnRangeHandler,
  accessEventHandler,
];
