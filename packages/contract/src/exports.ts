import { z } from 'zod';

/**
 * Export video: a range of a video rendered as an H.264 MP4 with the chosen overlays burned in
 * and the voice notes mixed into its sound, downloadable for a while by anyone who may view the
 * source, then removed.
 */

export const EXPORT_OVERLAYS = [
  'drawings',
  'skeleton',
  'measurements',
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

const uuid = (name: string, what: string) =>
  z.string({ error: `${name} is required` }).uuid(`${name} must be ${what} id`);

/**
 * What is exported: a video (the whole of it, or the range start–end), a clip (its range), or a
 * playlist (its clips one after another, in playing order, joined into one file).
 */
export const exportSourceSchema = z
  .discriminatedUnion(
    'kind',
    [
      z.object({
        kind: z.literal('video'),
        videoId: uuid('source.videoId', 'a video'),
        start: seconds('source.start')
          .optional()
          .describe('Seconds; the video’s start when absent'),
        end: seconds('source.end').optional().describe('Seconds; the video’s end when absent'),
      }),
      z.object({ kind: z.literal('clip'), clipId: uuid('source.clipId', 'a clip') }),
      z.object({
        kind: z.literal('playlist'),
        playlistId: uuid('source.playlistId', 'a playlist'),
      }),
    ],
    { error: 'source.kind must be video, clip or playlist' },
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

/** What an export was made of, as the API shows it (a video's range is in start and end). */
export const exportSourceRefSchema = z
  .discriminatedUnion('kind', [
    z.object({ kind: z.literal('video'), videoId: z.string().uuid() }),
    z.object({ kind: z.literal('clip'), clipId: z.string().uuid() }),
    z.object({ kind: z.literal('playlist'), playlistId: z.string().uuid() }),
  ])
  .meta({ id: 'ExportSourceRef' });
export type ExportSourceRef = z.infer<typeof exportSourceRefSchema>;

export const videoExportSchema = z
  .object({
    id: z.string().uuid(),
    source: exportSourceRefSchema,
    /** The source video of a video or clip export; null for a playlist's (many videos). */
    videoId: z.string().uuid().nullable(),
    /** The source's title (video, clip or playlist), for the list and the file name. */
    title: z.string(),
    start: z
      .number()
      .describe('Seconds of the source video; 0 for a playlist, whose end is its length'),
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

/**
 * An export moving on, on the event stream (`export` events): heard only by whoever asked for
 * it, while they may still view its source.
 */
export const exportEventSchema = z
  .object({
    id: z.string().uuid(),
    status: z.enum(EXPORT_STATUSES),
    progress: z.number().int().min(0).max(100),
    failureReason: z.string().nullable(),
  })
  .meta({ id: 'ExportEvent' });
export type ExportEvent = z.infer<typeof exportEventSchema>;
