// The uploads module serves stored files (videos, posters, voice notes, people's photos) to those
// who may see them; it sits above users and videos, whose rules it asks.
export { uploadsRoutes } from './routes';
