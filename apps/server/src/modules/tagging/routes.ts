import {
  acceptTagSuggestionBodySchema,
  copyTagTemplateBodySchema,
  createTagEventBodySchema,
  createTagTemplateBodySchema,
  messageResponseSchema,
  tagEventListQuerySchema,
  tagEventParamsSchema,
  tagEventSchema,
  tagImportBodySchema,
  tagImportResultSchema,
  tagPlayerSchema,
  tagPlaylistBodySchema,
  tagPlaylistSchema,
  tagSeasonEventsQuerySchema,
  tagSeasonEventsSchema,
  tagSeasonPlaylistBodySchema,
  tagSeasonStatsQuerySchema,
  tagStatsQuerySchema,
  tagStatsSchema,
  tagSuggestionParamsSchema,
  tagSuggestionSchema,
  tagTemplateListSchema,
  tagTemplateParamsSchema,
  tagTemplateSchema,
  tagVideoParamsSchema,
  updateTagEventBodySchema,
  updateTagTemplateBodySchema,
} from '@filmroom/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/error-responses';
import type { UserRow } from '../../db/schema';
import { requireUser } from '../access';
import type { TagEventService } from './tag-event-service';
import type { TagSuggestionService } from './tag-suggestion-service';
import type { TagTemplateService } from './template-service';

const errors = errorResponses(400, 401, 403, 404, 409);
const tags = ['tagging'];

/** Code windows (templates), and the tagged events of a video with their stats and exports. */
export const taggingRoutes: FastifyPluginAsyncZod<{
  templates: TagTemplateService;
  events: TagEventService;
  suggestions: TagSuggestionService;
}> = async (app, { templates, events, suggestions }) => {
  /** The ratios of the code window a stats request names: one the asker may read. */
  const ratiosOf = async (user: UserRow, templateId: string | undefined) =>
    templateId === undefined ? [] : (await templates.get(user, templateId)).ratios;

  app.get(
    '/tagging/templates',
    {
      schema: {
        tags,
        summary: 'Your code windows, those shared with your teams, and the ready-made ones',
        response: { 200: tagTemplateListSchema, ...errors },
      },
    },
    async (request) => templates.list(requireUser(request)),
  );

  app.post(
    '/tagging/templates',
    {
      schema: {
        tags,
        summary: 'Make a code window (coaches)',
        body: createTagTemplateBodySchema,
        response: { 201: tagTemplateSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await templates.create(requireUser(request), request.body)),
  );

  app.post(
    '/tagging/templates/copy',
    {
      schema: {
        tags,
        summary: 'Copy a ready-made code window, or one shared with you, into your own (coaches)',
        body: copyTagTemplateBodySchema,
        response: { 201: tagTemplateSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await templates.copy(requireUser(request), request.body)),
  );

  app.get(
    '/tagging/templates/:templateId',
    {
      schema: {
        tags,
        summary: 'One code window (its owner, or a member of the team it is shared with)',
        params: tagTemplateParamsSchema,
        response: { 200: tagTemplateSchema, ...errors },
      },
    },
    async (request) => templates.get(requireUser(request), request.params.templateId),
  );

  app.patch(
    '/tagging/templates/:templateId',
    {
      schema: {
        tags,
        summary: 'Change a code window, or share it with one of your teams (its owner)',
        params: tagTemplateParamsSchema,
        body: updateTagTemplateBodySchema,
        response: { 200: tagTemplateSchema, ...errors },
      },
    },
    async (request) =>
      templates.update(requireUser(request), request.params.templateId, request.body),
  );

  app.delete(
    '/tagging/templates/:templateId',
    {
      schema: {
        tags,
        summary: 'Delete a code window (its owner); events tagged with it stay',
        params: tagTemplateParamsSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await templates.delete(requireUser(request), request.params.templateId);
      return { message: 'Code window deleted' };
    },
  );

  app.get(
    '/videos/:videoId/tag-events',
    {
      schema: {
        tags,
        summary:
          "A video's tagged events in timeline order (whoever may view it); mine=true: My events",
        params: tagVideoParamsSchema,
        querystring: tagEventListQuerySchema,
        response: { 200: z.array(tagEventSchema), ...errors },
      },
    },
    async (request) => {
      const { mine, ...filter } = request.query;
      return events.list(requireUser(request), request.params.videoId, {
        ...filter,
        mine: mine === 'true',
      });
    },
  );

  app.post(
    '/videos/:videoId/tag-events',
    {
      schema: {
        tags,
        summary: 'Tag an event on the video (its owner and editors)',
        params: tagVideoParamsSchema,
        body: createTagEventBodySchema,
        response: { 201: tagEventSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await events.create(requireUser(request), request.params.videoId, request.body)),
  );

  app.patch(
    '/videos/:videoId/tag-events/:eventId',
    {
      schema: {
        tags,
        summary: 'Change a tagged event: its in and out, type, labels, player or period (editors)',
        params: tagEventParamsSchema,
        body: updateTagEventBodySchema,
        response: { 200: tagEventSchema, ...errors },
      },
    },
    async (request) =>
      events.update(
        requireUser(request),
        request.params.videoId,
        request.params.eventId,
        request.body,
      ),
  );

  app.delete(
    '/videos/:videoId/tag-events/:eventId',
    {
      schema: {
        tags,
        summary: 'Delete a tagged event (editors)',
        params: tagEventParamsSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await events.delete(requireUser(request), request.params.videoId, request.params.eventId);
      return { message: 'Event deleted' };
    },
  );

  app.get(
    '/videos/:videoId/tag-stats',
    {
      schema: {
        tags,
        summary: 'Counts of event types × labels or × players, filtered by period, player, label',
        params: tagVideoParamsSchema,
        querystring: tagStatsQuerySchema,
        response: { 200: tagStatsSchema, ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { templateId, ...query } = request.query;
      return events.stats(user, request.params.videoId, query, await ratiosOf(user, templateId));
    },
  );

  app.get(
    '/tagging/stats',
    {
      schema: {
        tags,
        summary:
          'The season view: the counts matrix and ratios over several videos, each of which you may view',
        querystring: tagSeasonStatsQuerySchema,
        response: { 200: tagStatsSchema, ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { templateId, videoIds, ...query } = request.query;
      return events.seasonStats(user, videoIds, query, await ratiosOf(user, templateId));
    },
  );

  app.get(
    '/tagging/events',
    {
      schema: {
        tags,
        summary:
          "A season view cell's events: a filter over several videos, each of which you may view",
        querystring: tagSeasonEventsQuerySchema,
        response: { 200: tagSeasonEventsSchema, ...errors },
      },
    },
    async (request) => {
      const { videoIds, ...filter } = request.query;
      return events.seasonEvents(requireUser(request), videoIds, filter);
    },
  );

  app.post(
    '/videos/:videoId/tag-events/playlist',
    {
      schema: {
        tags,
        summary:
          'Make a playlist of your own from the events a filter picks: one clip each, captioned with its labels',
        params: tagVideoParamsSchema,
        body: tagPlaylistBodySchema,
        response: { 201: tagPlaylistSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await events.playlist(requireUser(request), request.params.videoId, request.body)),
  );

  app.post(
    '/tagging/playlist',
    {
      schema: {
        tags,
        summary:
          "A season view cell made film: one playlist of your own of the filter's events across several videos you may view, in game order then time",
        body: tagSeasonPlaylistBodySchema,
        response: { 201: tagPlaylistSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await events.seasonPlaylist(requireUser(request), request.body)),
  );

  app.get(
    '/videos/:videoId/tag-events/export.csv',
    {
      schema: {
        tags,
        summary: "The video's tagged events as CSV",
        params: tagVideoParamsSchema,
        produces: ['text/csv'],
        response: { 200: z.string(), ...errors },
      },
    },
    async (request, reply) => {
      const csv = await events.csv(requireUser(request), request.params.videoId);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="tagged-events.csv"')
        .send(csv);
    },
  );

  app.get(
    '/videos/:videoId/tag-events/export.xml',
    {
      schema: {
        tags,
        summary: "The video's tagged events as Sportscode XML (file / ALL_INSTANCES / instance)",
        params: tagVideoParamsSchema,
        produces: ['application/xml'],
        response: { 200: z.string(), ...errors },
      },
    },
    async (request, reply) => {
      const xml = await events.sportscodeXml(requireUser(request), request.params.videoId);
      return reply
        .type('application/xml; charset=utf-8')
        .header('content-disposition', 'attachment; filename="tagged-events.xml"')
        .send(xml);
    },
  );

  app.post(
    '/videos/:videoId/tag-events/import',
    {
      // A game's breakdown is a few MiB of XML, more than the default body limit.
      bodyLimit: 6 * 1024 * 1024,
      schema: {
        tags,
        summary: 'Add the instances of a Sportscode XML file to the video’s events (editors)',
        params: tagVideoParamsSchema,
        body: tagImportBodySchema,
        response: { 201: tagImportResultSchema, ...errors },
      },
    },
    async (request, reply) => {
      const imported = await events.importSportscode(
        requireUser(request),
        request.params.videoId,
        request.body.xml,
      );
      return reply.code(201).send({ imported });
    },
  );

  app.get(
    '/videos/:videoId/tag-players',
    {
      schema: {
        tags,
        summary: 'The athletes who may be tagged on the video, with shirt numbers (editors)',
        params: tagVideoParamsSchema,
        response: { 200: z.array(tagPlayerSchema), ...errors },
      },
    },
    async (request) => events.players(requireUser(request), request.params.videoId),
  );

  app.get(
    '/videos/:videoId/tag-suggestions',
    {
      schema: {
        tags,
        summary:
          'Suggested events: actions the analysis recognised, not yet accepted or dismissed (editors)',
        params: tagVideoParamsSchema,
        response: { 200: z.array(tagSuggestionSchema), ...errors },
      },
    },
    async (request) => suggestions.list(requireUser(request), request.params.videoId),
  );

  app.post(
    '/videos/:videoId/tag-suggestions/:suggestionId/accept',
    {
      schema: {
        tags,
        summary: 'Accept a suggested event as an event of the button picked (editors)',
        params: tagSuggestionParamsSchema,
        body: acceptTagSuggestionBodySchema,
        response: { 201: tagEventSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await suggestions.accept(
            requireUser(request),
            request.params.videoId,
            request.params.suggestionId,
            request.body,
          ),
        ),
  );

  app.post(
    '/videos/:videoId/tag-suggestions/:suggestionId/dismiss',
    {
      schema: {
        tags,
        summary: 'Dismiss a suggested event: hidden on this video for good (editors)',
        params: tagSuggestionParamsSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await suggestions.dismiss(
        requireUser(request),
        request.params.videoId,
        request.params.suggestionId,
      );
      return { message: 'Suggestion dismissed' };
    },
  );
};
