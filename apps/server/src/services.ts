import type { TagEventChanged } from '@filmroom/contract';
import type { FastifyInstance } from 'fastify';
import { AdminActions } from './modules/admin';
import { AnnotationService } from './modules/annotations';
import { AuthService } from './modules/auth';
import { ChatService } from './modules/chat';
import { ClipMedia, ClipService, PlaylistService } from './modules/clips';
import { CoachLinkService, RosterService, StudentService } from './modules/coach';
import { VideoEvents } from './modules/events';
import { MeasurementService } from './modules/measurements';
import { NotificationService } from './modules/notifications';
import { ProfileService } from './modules/profile';
import { ShareService } from './modules/shares';
import { TagEventService, TagSuggestionService, TagTemplateService } from './modules/tagging';
import { TeamService, TeamShareService } from './modules/teams';
import { VideoService } from './modules/videos';
import { WorkFolders } from './storage';

/**
 * Every module's service, built once per app from its shared parts (`app.db`, `app.pool`, ...,
 * set by plugins/dependencies.ts) and handed to the routes that use it as their plugin's
 * options. A service two modules' routes use (the videos', the annotations') is one object, and
 * no route builds its own. buildApp is the composition root that calls this.
 */
export function buildServices(app: FastifyInstance) {
  const { db, pool, blobs, jobs, log, videoEvents, notifier, mailer, config } = app;
  const annotations = new AnnotationService(db, pool, blobs, log, notifier);
  const clipMedia = new ClipMedia(pool, blobs, WorkFolders.in(config.dataDir), {
    ...config.clipCuts,
    quotaBytes: config.userQuotaBytes,
  });
  const clips = new ClipService(db, annotations, clipMedia);
  const announceTagEvent = (event: TagEventChanged) => VideoEvents.publishTagEvent(pool, event);
  const tagEvents = new TagEventService(db, announceTagEvent);
  return {
    videos: new VideoService(db, pool, blobs, jobs, log, videoEvents),
    annotations,
    clips,
    playlists: new PlaylistService(db, clips, notifier, videoEvents),
    auth: new AuthService(db, config.adminEmails),
    shares: new ShareService(db, mailer, videoEvents, notifier),
    teams: new TeamService(db, videoEvents),
    teamShares: new TeamShareService(db, videoEvents, notifier),
    students: new StudentService(db),
    roster: new RosterService(db, mailer, videoEvents, notifier),
    coachLinks: new CoachLinkService(db, videoEvents, notifier),
    chats: new ChatService(db),
    profiles: new ProfileService(db),
    notifications: new NotificationService(db, pool, app.unsubscribeLinks),
    tagTemplates: new TagTemplateService(db),
    tagEvents,
    tagSuggestions: new TagSuggestionService(db, tagEvents, announceTagEvent),
    admin: new AdminActions(app),
    measurements: new MeasurementService(db, (event) =>
      VideoEvents.publishMeasurementChanged(pool, event).catch((error: unknown) => {
        // The change is made; pages that miss the event see it on their next load.
        log.warn({ err: error, ...event }, 'could not announce a measurement change');
      }),
    ),
  };
}
