import { z } from 'zod';

/**
 * Export video: a range of a video rendered as an H.264 MP4 with the chosen overlays burned in
 * and the voice notes mixed into its sound, downloadable for a while by anyone who may view the
 * source, then removed.
 */

export const EXPORT_OVERLAYS = [
  'drawings',
  'skeleton',
  'guides',
  'captions',
  'name',
  'voiceNotes',
] as const;
export type ExportOverlay = (typeof EXPORT_OVERLAYS)[number];

export const EXPORT_STATUSES = ['queued', 'rendering', 'ready', 'failed'] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];

const seconds = (name: string) =>
  z
    .number({ error: `${name} must be a number of seconds` })
    .min(0, `${name} must be 0 or more`)
    .max(24 * 60 * 60, `${name} is past the end of any video`);

/**
 * What is exported. Only `video` (the whole video, or the range start–end of it) today; clips
 * and playlists join as further kinds.
 */
export const exportSourceSchema = z
  .discriminatedUnion(
    'kind',
    [
      z.object({
        kind: z.literal('video'),
        videoId: z
          .string({ error: 'source.videoId is required' })
          .uuid('source.videoId must be a video id'),
        start: seconds('source.start')
          .optional()
          .describe('Seconds; the video’s start when absent'),
        end: seconds('source.end').optional().describe('Seconds; the video’s end when absent'),
      }),
    ],
    { error: 'source.kind must be video' },
  )
  .meta({ id: 'ExportSource' });
export type ExportSource = z.infer<typeof exportSourceSchema>;

export const createExportBodySchema = z
  .object({
    source: exportSourceSchema,
    overlays: z
      .array(
        z.enum(EXPORT_OVERLAYS, {
          error: `each overlay must be one of ${EXPORT_OVERLAYS.join(' ')}`,
        }),
        { error: 'overlays must be a list' },
      )
      .max(EXPORT_OVERLAYS.length, 'overlays lists each overlay once')
      .refine((list) => new Set(list).size === list.length, 'overlays lists each overlay once'),
  })
  .meta({ id: 'CreateExportBody' });
export type CreateExportBody = z.infer<typeof createExportBodySchema>;

export const videoExportSchema = z
  .object({
    id: z.string().uuid(),
    videoId: z.string().uuid(),
    /** The source video's title, for the list and the file name. */
    title: z.string(),
    start: z.number().describe('Seconds of the source video'),
    end: z.number(),
    overlays: z.array(z.enum(EXPORT_OVERLAYS)),
    status: z.enum(EXPORT_STATUSES),
    progress: z.number().int().min(0).max(100),
    failureReason: z.string().nullable(),
    /** Bytes of the finished file; null until it is ready. */
    fileSize: z.number().int().nullable(),
    /** Where to download the finished file; null until it is ready. */
    downloadUrl: z.string().nullable(),
    createdAt: z.string().datetime(),
    /** When the file is removed. */
    expiresAt: z.string().datetime(),
  })
  .meta({ id: 'VideoExport' });
export type VideoExport = z.infer<typeof videoExportSchema>;

export const videoExportListSchema = z
  .object({ exports: z.array(videoExportSchema) })
  .meta({ id: 'VideoExportList' });
export type VideoExportList = z.infer<typeof videoExportListSchema>;

export const exportIdParamsSchema = z.object({
  id: z.string().uuid('the export id is not valid'),
});

/** An export moving on, on the event stream (`export` events): heard by those who may view its video. */
export const exportEventSchema = z
  .object({
    id: z.string().uuid(),
    videoId: z.string().uuid(),
    status: z.enum(EXPORT_STATUSES),
    progress: z.number().int().min(0).max(100),
    failureReason: z.string().nullable(),
  })
  .meta({ id: 'ExportEvent' });
export type ExportEvent = z.infer<typeof exportEventSchema>;
