// The mail module's public surface: its route, for the composition root (src/app.ts).
export { mailRoutes } from './routes';
