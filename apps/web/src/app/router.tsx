import type { User } from '@filmroom/contract';
import { Navigate, Route, Routes } from 'react-router';
import { AthletesRoute } from './routes/athletes';
import { DashboardRoute } from './routes/dashboard';
import { NotFoundRoute } from './routes/not-found';
import { SettingsRoute } from './routes/settings';
import { UploadVideoRoute } from './routes/upload-video';
import { VideoDetailRoute } from './routes/video-detail';
import { VideosRoute } from './routes/videos';
import { AppShell } from './shell/app-shell';

/** Spec §2 route table. These exist only for a signed-in user. */
export function AppRoutes({ user }: { user: User }) {
  return (
    <Routes>
      <Route element={<AppShell user={user} />}>
        <Route index element={<DashboardRoute />} />
        <Route path="dashboard" element={<DashboardRoute />} />
        <Route path="videos" element={<VideosRoute />} />
        <Route path="videos/new" element={<UploadVideoRoute />} />
        <Route path="videos/:id" element={<VideoDetailRoute />} />
        {/* Registered only for coaches, so anyone else falls through to the 404 page. */}
        {user.isCoach ? <Route path="athletes" element={<AthletesRoute />} /> : null}
        <Route path="settings" element={<SettingsRoute user={user} />} />
        {/* Linked from the sign-in screen (see auth-gate.tsx); signed in, nothing to recover. */}
        <Route path="forgot-password" element={<Navigate to="/" replace />} />
        <Route path="*" element={<NotFoundRoute />} />
      </Route>
    </Routes>
  );
}
