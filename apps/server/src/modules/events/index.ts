// The events module's public surface: the app-wide event bus (PostgreSQL NOTIFY) on which every
// feature publishes what changed and open pages hear it, and on which ended access is announced
// to every process. It sits below the features, users and auth included, because all of them
// publish or listen; it imports no other server module.
export { isAmong, VideoEvents, type AccessEnded, type VideoChannelEvent } from './video-events';
