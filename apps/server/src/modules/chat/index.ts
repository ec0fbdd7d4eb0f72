// The chat module's public surface: its routes and service, for the composition root.
export { ChatService } from './chat-service';
export { chatRoutes } from './routes';
