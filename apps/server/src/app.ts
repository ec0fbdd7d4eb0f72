import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyBaseLogger, type FastifyReply } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Database } from './db/connection';
import { adminRoutes } from './modules/admin';
import { findAnalysis, toAnalysisState, toAnalysisView } from './modules/analysis';
import { analysisRoutes } from './modules/analysis/routes';
import { annotationRoutes } from './modules/annotations/routes';
import { transcribeRoutes } from './modules/annotations/transcribe-routes';
import { emailConfirmationRoutes } from './modules/auth/email-confirmation-routes';
import { passwordResetRoutes } from './modules/auth/password-reset-routes';
import { authRoutes } from './modules/auth/routes';
import { ChatContextLoader } from './modules/chat/chat-context';
import { chatRoutes } from './modules/chat';
import { clipRoutes } from './modules/clips';
import { coachRoutes } from './modules/coach';
import { healthRoutes } from './modules/health';
import { mailRoutes } from './modules/mail';
import { measurementRoutes } from './modules/measurements';
import { countUnread, notificationRoutes } from './modules/notifications';
import { playerRoutes } from './modules/players/routes';
import { photoRoutes, profileRoutes } from './modules/profile';
import { shareRoutes } from './modules/shares';
import { taggingRoutes } from './modules/tagging';
import { teamRoutes } from './modules/teams';
import { videoEventRoutes } from './modules/videos/events-routes';
import { uploadsRoutes } from './modules/uploads';
import { exportRoutes } from './modules/video-exports';
import { resumableUploadRoutes } from './modules/videos/resumable-routes';
import { videoRoutes, type VideoDetailExtras } from './modules/videos/routes';
import auth from './plugins/auth';
import dependencies, { type Dependencies } from './plugins/dependencies';
import errors from './plugins/errors';
import openapi from './plugins/openapi';
import rateLimits from './plugins/rate-limit';
import security from './plugins/security';
import webApp from './plugins/web-app';
import { buildServices } from './services';
import type { Config } from './config';

export type AppDependencies = Dependencies & {
  /** The process's pino logger; tests leave it out and run silent. */
  logger?: FastifyBaseLogger;
};

/** TRUST_PROXY as Fastify takes it: all, a hop count, or the proxies' addresses. */
const fastifyTrustProxy = (trust: Config['trustProxy']) =>
  typeof trust === 'boolean'
    ? trust
    : 'hops' in trust
      ? (_address: string, hop: number) => hop < trust.hops
      : trust.addresses;

/** A video's page brings three modules together: the video, its analysis and the chat. */
function videoDetailExtras(db: Database): VideoDetailExtras {
  const chatContexts = new ChatContextLoader(db);
  return async (video) => {
    const analysis = await findAnalysis(db, video.id);
    return {
      analysis: toAnalysisView(analysis, video),
      analysisState: analysis ? toAnalysisState(analysis) : null,
      suggestedPrompts: await chatContexts.suggestedPrompts(video, analysis),
    };
  };
}

/** Composes the HTTP application. The server and the tests build it the same way. */
export async function buildApp({ logger, ...deps }: AppDependencies) {
  const { config } = deps;
  const app = Fastify({
    ...(logger ? { loggerInstance: logger } : { logger: false }),
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // Keep-alive sockets must not hold a shutdown open for long.
    forceCloseConnections: 'idle',
    bodyLimit: 1024 * 1024,
    // The router's own refusals (a broken %-escape, a path part over 100 characters) answer in
    // the API's shape too, not Fastify's.
    frameworkErrors: (error, _request, reply: FastifyReply) => {
      const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
      void reply
        .code(tooLong ? 414 : 400)
        .header('x-content-type-options', 'nosniff')
        .send({
          message: tooLong ? 'A part of the address is too long' : 'The address is not valid',
        });
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(errors);
  // Files on S3 reach the browser by a signed redirect: the page must allow that origin.
  const probe = await deps.blobs.locate('videos/origin-probe', { expiresInSeconds: 60 });
  const fileOrigins = probe.kind === 'url' ? [new URL(probe.url).origin] : [];
  await app.register(security, { config, fileOrigins });
  await app.register(cookie);
  await app.register(rateLimits, { pool: deps.pool });
  await app.register(dependencies, deps);
  await app.register(multipart);
  await app.register(openapi);
  const services = buildServices(app);

  // Everything behind the session cookie: the API and the protected files.
  await app.register(async (signedIn) => {
    await signedIn.register(auth);
    await signedIn.register(
      async (api) => {
        await api.register(authRoutes, { config, auth: services.auth });
        await api.register(passwordResetRoutes, { config });
        await api.register(emailConfirmationRoutes, { config });
        await api.register(videoRoutes, {
          videos: services.videos,
          detailExtras: videoDetailExtras(deps.db),
        });
        await api.register(resumableUploadRoutes, { videos: services.videos });
        await api.register(shareRoutes, { shares: services.shares });
        await api.register(analysisRoutes);
        await api.register(playerRoutes);
        await api.register(annotationRoutes, { service: services.annotations });
        await api.register(transcribeRoutes);
        await api.register(measurementRoutes, { service: services.measurements });
        await api.register(videoEventRoutes, {
          unreadCountOf: (user) => countUnread(deps.db, user),
        });
        await api.register(chatRoutes, { chats: services.chats });
        await api.register(clipRoutes, {
          clipService: services.clips,
          playlistService: services.playlists,
        });
        await api.register(exportRoutes);
        await api.register(coachRoutes, {
          students: services.students,
          roster: services.roster,
          coaches: services.coachLinks,
        });
        await api.register(teamRoutes, { teams: services.teams, shares: services.teamShares });
        await api.register(taggingRoutes, {
          templates: services.tagTemplates,
          events: services.tagEvents,
          suggestions: services.tagSuggestions,
        });
        await api.register(profileRoutes, { profiles: services.profiles });
        await api.register(photoRoutes);
        await api.register(mailRoutes);
        await api.register(notificationRoutes, { service: services.notifications });
        await api.register(healthRoutes);
        await api.register(adminRoutes, { actions: services.admin });
      },
      { prefix: '/api' },
    );
    await signedIn.register(uploadsRoutes);
  });

  await app.register(webApp, { distDir: config.webDistDir });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
