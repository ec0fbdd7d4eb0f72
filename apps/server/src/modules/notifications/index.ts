// The notifications module's public surface. Modules where things happen call the Notifier;
// the integrator's team sharing calls `notifier.videoShared(sharerId, videoId, memberIds)`.
export { digestJob } from './digest';
export { heldMailJob } from './held-mail';
export { countUnread } from './notification-views';
export { Notifier } from './notifier';
export { notificationRoutes } from './routes';
export { UnsubscribeLinks } from './unsubscribe-links';
export { NotificationService } from './notification-service';
