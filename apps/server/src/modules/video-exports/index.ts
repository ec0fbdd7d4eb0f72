// The video-exports module's public surface: the render job, the sweep of expired exports and
// the routes (the render itself lives in packages/media).
export { renderExportJob } from './render-export-job';
export { sweepExpiredExports } from './export-service';
export { exportRoutes } from './routes';
