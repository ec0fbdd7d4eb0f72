// The profile module's public surface: its routes and service, for the composition root.
export { photoRoutes } from './photo-routes';
export { ProfileService } from './profile-service';
export { profileRoutes } from './routes';
