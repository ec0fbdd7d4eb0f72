import {
  addTeamMemberBodySchema,
  createTeamBodySchema,
  messageResponseSchema,
  playlistParamsSchema,
  playlistTeamShareParamsSchema,
  sharePlaylistWithTeamBodySchema,
  shareWithTeamBodySchema,
  teamMemberParamsSchema,
  teamParamsSchema,
  teamSchema,
  teamShareSchema,
  updateTeamBodySchema,
  videoIdParamsSchema,
  videoTeamShareParamsSchema,
} from '@filmroom/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/error-responses';
import { requireUser } from '../access';
import type { TeamService } from './team-service';
import type { TeamShareService } from './team-share-service';

const errors = errorResponses(400, 401, 403, 404);

export const teamRoutes: FastifyPluginAsyncZod<{
  teams: TeamService;
  shares: TeamShareService;
}> = async (app, { teams, shares }) => {
  app.get(
    '/teams',
    {
      schema: {
        tags: ['teams'],
        summary: "The coach's teams, and the teams the user is on",
        response: { 200: z.array(teamSchema), ...errors },
      },
    },
    async (request) => teams.list(requireUser(request)),
  );

  app.post(
    '/teams',
    {
      schema: {
        tags: ['teams'],
        summary: 'Create a team (coaches)',
        body: createTeamBodySchema,
        response: { 201: teamSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await teams.create(requireUser(request), request.body)),
  );

  app.get(
    '/teams/:teamId',
    {
      schema: {
        tags: ['teams'],
        summary: 'One team (its coach or a member)',
        params: teamParamsSchema,
        response: { 200: teamSchema, ...errors },
      },
    },
    async (request) => teams.get(requireUser(request), request.params.teamId),
  );

  app.patch(
    '/teams/:teamId',
    {
      schema: {
        tags: ['teams'],
        summary: 'Rename the team, or change its sport or colours (its coach)',
        params: teamParamsSchema,
        body: updateTeamBodySchema,
        response: { 200: teamSchema, ...errors },
      },
    },
    async (request) => teams.update(requireUser(request), request.params.teamId, request.body),
  );

  app.delete(
    '/teams/:teamId',
    {
      schema: {
        tags: ['teams'],
        summary: 'Delete the team; its members lose what was shared with it (its coach)',
        params: teamParamsSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await teams.delete(requireUser(request), request.params.teamId);
      return { message: 'Team deleted' };
    },
  );

  app.post(
    '/teams/:teamId/members',
    {
      schema: {
        tags: ['teams'],
        summary: 'Put an athlete of the roster who accepted on the team (its coach)',
        params: teamParamsSchema,
        body: addTeamMemberBodySchema,
        response: { 200: teamSchema, ...errors },
      },
    },
    async (request) =>
      teams.addMember(requireUser(request), request.params.teamId, request.body.athleteId),
  );

  app.delete(
    '/teams/:teamId/members/:athleteId',
    {
      schema: {
        tags: ['teams'],
        summary:
          'Take an athlete off the team (its coach), or leave it (the athlete); access ends at once',
        params: teamMemberParamsSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { teamId, athleteId } = request.params;
      await teams.removeMember(requireUser(request), teamId, athleteId);
      return { message: 'Removed from the team' };
    },
  );

  app.get(
    '/videos/:id/team-shares',
    {
      schema: {
        tags: ['teams'],
        summary: 'The teams the video is shared with (edit access)',
        params: videoIdParamsSchema,
        response: { 200: z.array(teamShareSchema), ...errors },
      },
    },
    async (request) => shares.listForVideo(requireUser(request), request.params.id),
  );

  app.post(
    '/videos/:id/team-shares',
    {
      schema: {
        tags: ['teams'],
        summary:
          'Share the video with one of your teams at view (default) or edit access; again changes the level',
        params: videoIdParamsSchema,
        body: shareWithTeamBodySchema,
        response: { 200: teamShareSchema, 201: teamShareSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { share, created } = await shares.shareVideo(
        requireUser(request),
        request.params.id,
        request.body,
      );
      return reply.code(created ? 201 : 200).send(share);
    },
  );

  app.delete(
    '/videos/:id/team-shares/:teamShareId',
    {
      schema: {
        tags: ['teams'],
        summary: 'Stop sharing the video with a team (edit access)',
        params: videoTeamShareParamsSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { id, teamShareId } = request.params;
      await shares.removeFromVideo(requireUser(request), id, teamShareId);
      return { message: 'Team share removed' };
    },
  );

  app.get(
    '/playlists/:playlistId/team-shares',
    {
      schema: {
        tags: ['teams'],
        summary: 'The teams the playlist is shared with (its owner)',
        params: playlistParamsSchema,
        response: { 200: z.array(teamShareSchema), ...errors },
      },
    },
    async (request) => shares.listForPlaylist(requireUser(request), request.params.playlistId),
  );

  app.post(
    '/playlists/:playlistId/team-shares',
    {
      schema: {
        tags: ['teams'],
        summary:
          'Share the playlist with one of your teams, at view level (its owner; 403 if it holds clips of someone else’s video you may only view)',
        params: playlistParamsSchema,
        body: sharePlaylistWithTeamBodySchema,
        response: { 200: teamShareSchema, 201: teamShareSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { share, created } = await shares.sharePlaylist(
        requireUser(request),
        request.params.playlistId,
        request.body.teamId,
      );
      return reply.code(created ? 201 : 200).send(share);
    },
  );

  app.delete(
    '/playlists/:playlistId/team-shares/:teamShareId',
    {
      schema: {
        tags: ['teams'],
        summary: 'Stop sharing the playlist with a team (its owner)',
        params: playlistTeamShareParamsSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { playlistId, teamShareId } = request.params;
      await shares.removeFromPlaylist(requireUser(request), playlistId, teamShareId);
      return { message: 'Team share removed' };
    },
  );
};
