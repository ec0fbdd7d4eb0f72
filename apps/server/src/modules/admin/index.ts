// The admin module's public surface. Nothing imports the admin module: it sits on top.
export { adminRoutes } from './routes';
// What an administrator may change, built once by the composition root (src/services.ts).
export { AdminActions } from './admin-actions';
