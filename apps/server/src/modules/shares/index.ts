// The shares module's public surface: its routes and service, for the composition root.
export { shareRoutes } from './routes';
export { ShareService } from './share-service';
