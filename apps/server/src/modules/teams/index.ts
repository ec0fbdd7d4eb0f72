// The teams module's public surface: what other modules may use. The rest is the module's own.
export { teamRoutes } from './routes';
// Its services, built once by the composition root (src/services.ts).
export { TeamService } from './team-service';
export { TeamShareService } from './team-share-service';
