// The admin module's public surface. Nothing imports the admin module: it sits on top.
export { grantAdminEmails } from './admin-access';
export { adminRoutes } from './routes';
