// The teams module's public surface: what other modules may use. The rest is the module's own.
export { teamRoutes } from './routes';
