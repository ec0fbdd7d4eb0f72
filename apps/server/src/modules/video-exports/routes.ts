import {
  createExportBodySchema,
  exportIdParamsSchema,
  messageResponseSchema,
  videoExportListSchema,
  videoExportSchema,
} from '@filmroom/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/error-responses';
import { sendStoredFile } from '../../lib/stored-file';
import { requireUser } from '../access';
import {
  createExport,
  deleteExport,
  getExport,
  listMyExports,
  exportFileOf,
  NOT_FOUND,
  type ExportDependencies,
} from './export-service';

/**
 * Export video: start an export, follow it, download it, remove it. Who may do what is decided
 * in the service, from the source video's access at the time of each request.
 */
export const exportRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: ExportDependencies = {
    db: app.db,
    pool: app.pool,
    blobs: app.blobs,
    jobs: app.jobs,
    keepSeconds: app.config.exportKeepSeconds,
    maxInProgressPerUser: app.config.maxExportsPerUser,
    quotaBytes: app.config.userQuotaBytes,
  };

  app.post(
    '/exports',
    {
      schema: {
        tags: ['exports'],
        summary:
          'Export a video, or a range of it, as an MP4 with the chosen overlays burned in (view access to the video)',
        body: createExportBodySchema,
        response: { 201: videoExportSchema, ...errorResponses(400, 401, 404, 409, 413, 429) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createExport(deps, requireUser(request), request.body)),
  );

  app.get(
    '/exports',
    {
      schema: {
        tags: ['exports'],
        summary: 'Your exports that can still be downloaded (or are being made), newest first',
        response: { 200: videoExportListSchema, ...errorResponses(401) },
      },
    },
    async (request) => listMyExports(deps, requireUser(request)),
  );

  app.get(
    '/exports/:id',
    {
      schema: {
        tags: ['exports'],
        summary: 'An export’s status and progress (view access to its video)',
        params: exportIdParamsSchema,
        response: { 200: videoExportSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => getExport(deps, requireUser(request), request.params.id),
  );

  app.get(
    '/exports/:id/file',
    {
      schema: {
        tags: ['exports'],
        summary: 'Download the exported MP4 (view access to its video, checked now)',
        params: exportIdParamsSchema,
        response: {
          200: z.unknown().describe('The MP4 file (video/mp4, as an attachment)'),
          ...errorResponses(400, 401, 404, 409),
        },
      },
    },
    async (request, reply) => {
      const file = await exportFileOf(deps, requireUser(request), request.params.id);
      return sendStoredFile(request, reply, app.blobs, file.key, {
        cache: 'no-store',
        missing: NOT_FOUND,
        contentType: 'video/mp4',
        downloadName: file.fileName,
      });
    },
  );

  app.delete(
    '/exports/:id',
    {
      schema: {
        tags: ['exports'],
        summary:
          'Stop an export being made, or remove a finished one (whoever asked for it, or an editor of the video)',
        params: exportIdParamsSchema,
        response: { 200: messageResponseSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      await deleteExport(deps, requireUser(request), request.params.id);
      return { message: 'Export removed' };
    },
  );
};
