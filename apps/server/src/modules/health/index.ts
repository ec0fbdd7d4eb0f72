// The health module's public surface: its route, for the composition root (src/app.ts).
export { healthRoutes } from './routes';
