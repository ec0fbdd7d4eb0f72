// The tagging module's public surface: code windows and a video's tagged events (issue 31).
export { taggingRoutes } from './routes';
// Its services, built once by the composition root (src/services.ts).
export { TagEventService } from './tag-event-service';
export { TagSuggestionService } from './tag-suggestion-service';
export { TagTemplateService } from './template-service';
