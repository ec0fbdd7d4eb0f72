import type { User } from '@filmroom/contract';
import { matchPath, Navigate, Route, Routes } from 'react-router';
import { lazyComponent } from '@/lib/lazy-component';
import { NotFoundRoute } from './routes/not-found';
import { AppShell } from './shell/app-shell';

// Each page is a chunk of its own, fetched the first time it is visited: the first load carries
// only the shell and the sign-in screens (scripts/check-bundle-budget.mjs holds it to that).
const DashboardRoute = lazyComponent(() =>
  import('./routes/dashboard').then((page) => page.DashboardRoute),
);
const VideosRoute = lazyComponent(() => import('./routes/videos').then((page) => page.VideosRoute));
const UploadVideoRoute = lazyComponent(() =>
  import('./routes/upload-video').then((page) => page.UploadVideoRoute),
);
const VideoDetailRoute = lazyComponent(() =>
  import('./routes/video-detail').then((page) => page.VideoDetailRoute),
);
const CompareRoute = lazyComponent(() =>
  import('./routes/compare').then((page) => page.CompareRoute),
);
const AthletesRoute = lazyComponent(() =>
  import('./routes/athletes').then((page) => page.AthletesRoute),
);
const PlaylistsRoute = lazyComponent(() =>
  import('./routes/playlists').then((page) => page.PlaylistsRoute),
);
const PlaylistDetailRoute = lazyComponent(() =>
  import('./routes/playlist-detail').then((page) => page.PlaylistDetailRoute),
);
const NotificationsRoute = lazyComponent(() =>
  import('./routes/notifications').then((page) => page.NotificationsRoute),
);
const AdminRoute = lazyComponent(() => import('./routes/admin').then((page) => page.AdminRoute));
const TeamsRoute = lazyComponent(() => import('./routes/teams').then((page) => page.TeamsRoute));
const SeasonRoute = lazyComponent(() => import('./routes/season').then((page) => page.SeasonRoute));
const SettingsRoute = lazyComponent(() =>
  import('./routes/settings').then((page) => page.SettingsRoute),
);

// The pages whose chunk can load before anyone is known to be signed in (see preloadPageFor).
const PAGES: [path: string, page: { preload: () => void }][] = [
  ['/', DashboardRoute],
  ['/dashboard', DashboardRoute],
  ['/videos', VideosRoute],
  ['/videos/new', UploadVideoRoute],
  ['/videos/:id', VideoDetailRoute],
  ['/playlists', PlaylistsRoute],
  ['/playlists/:id', PlaylistDetailRoute],
  ['/compare', CompareRoute],
  ['/notifications', NotificationsRoute],
  ['/teams', TeamsRoute],
  ['/season', SeasonRoute],
  ['/settings', SettingsRoute],
];

/**
 * Starts loading the chunk of the page the app was opened on, so it arrives while the
 * signed-in check is on its way rather than after it (the Videos page's first screen waits on
 * both). Signed out, the chunk is simply not used yet.
 */
export function preloadPageFor(pathname: string) {
  PAGES.find(([path]) => matchPath(path, pathname))?.[1].preload();
}

/** Spec §2 route table. These exist only for a signed-in user. */
export function AppRoutes({ user }: { user: User }) {
  return (
    <Routes>
      <Route element={<AppShell user={user} />}>
        <Route index element={<DashboardRoute user={user} />} />
        <Route path="dashboard" element={<DashboardRoute user={user} />} />
        <Route path="videos" element={<VideosRoute />} />
        <Route path="videos/new" element={<UploadVideoRoute />} />
        <Route path="videos/:id" element={<VideoDetailRoute />} />
        <Route path="compare" element={<CompareRoute />} />
        {/* Registered only for coaches, so anyone else falls through to the 404 page. */}
        {user.isCoach ? <Route path="athletes" element={<AthletesRoute />} /> : null}
        <Route path="playlists" element={<PlaylistsRoute />} />
        <Route path="playlists/:id" element={<PlaylistDetailRoute />} />
        <Route path="notifications" element={<NotificationsRoute />} />
        <Route path="teams" element={<TeamsRoute user={user} />} />
        <Route path="season" element={<SeasonRoute />} />
        <Route path="settings" element={<SettingsRoute user={user} />} />
        {/* Registered only for administrators: anyone else gets the 404 page. */}
        {user.isAdmin ? <Route path="admin/*" element={<AdminRoute user={user} />} /> : null}
        {/* Linked from the sign-in screen (see auth-gate.tsx); signed in, nothing to recover. */}
        <Route path="forgot-password" element={<Navigate to="/" replace />} />
        <Route path="*" element={<NotFoundRoute />} />
      </Route>
    </Routes>
  );
}
