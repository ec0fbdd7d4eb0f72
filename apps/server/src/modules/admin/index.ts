// The admin module's public surface. Nothing imports the admin module: it sits on top.
export { adminRoutes } from './routes';
