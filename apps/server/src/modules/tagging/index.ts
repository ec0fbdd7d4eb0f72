// The tagging module's public surface: code windows and a video's tagged events (issue 31).
export { taggingRoutes } from './routes';
