import { z } from 'zod';
import { analysisSchema, movementChoiceSchema } from './analysis';
import { suggestedPromptsSchema } from './chat';

export const accessLevelSchema = z.enum(['view', 'edit']);
export type AccessLevel = z.infer<typeof accessLevelSchema>;

export const videoStatusSchema = z
  .enum(['processing', 'ready', 'failed'])
  .describe('processing until the file is prepared for every browser');
export type VideoStatus = z.infer<typeof videoStatusSchema>;

export const TITLE_MAX_LENGTH = 200;
export const DESCRIPTION_MAX_LENGTH = 5000;

/** Where the analysis of a video stands while its measurements are taken and written up. */
export const analysisStateSchema = z
  .object({
    id: z.string().uuid().describe('The video'),
    status: z.enum(['scanning', 'analysing', 'ready', 'failed']),
    progress: z.number().int().min(0).max(100),
    failureReason: z.string().nullable(),
  })
  .meta({ id: 'AnalysisState' });
export type AnalysisState = z.infer<typeof analysisStateSchema>;

export const videoSchema = z
  .object({
    id: z.string().uuid(),
    title: z.string(),
    description: z.string().nullable(),
    /** The playable file, or null until it has been prepared. */
    url: z.string().nullable(),
    /**
     * The HLS master playlist (adaptive streaming), or null for a video prepared before it
     * existed: players then play `url`, which stays for download, export and compare.
     */
    streamUrl: z.string().nullable(),
    /** WebVTT mapping times to tiles of sprite images (#xywh), for scrub previews; or null. */
    storyboardUrl: z.string().nullable(),
    posterUrl: z.string().nullable(),
    thumbnailUrl: z.string().nullable(),
    status: videoStatusSchema,
    progress: z.number().int().min(0).max(100),
    failureReason: z.string().nullable(),
    duration: z.number().nullable().describe('Seconds'),
    width: z.number().int().nullable(),
    height: z.number().int().nullable(),
    createdAt: z.string().describe('ISO 8601'),
    isShared: z.boolean().describe('True when someone else shared this video with the viewer'),
    accessLevel: accessLevelSchema.nullable(),
    sharedBy: z.object({ name: z.string(), username: z.string() }).nullable(),
    /** The scan and write-up, so a card can say Analysing n% or Failed; null before a scan. */
    analysisState: analysisStateSchema.nullable(),
  })
  .meta({ id: 'Video' });
export type Video = z.infer<typeof videoSchema>;

/** Spec §2 Videos: a page of the grid is a few screens of cards; a client may ask for 1 to 100. */
export const VIDEO_PAGE_DEFAULT_LIMIT = 24;
export const VIDEO_PAGE_MAX_LIMIT = 100;
export const VIDEO_SEARCH_MAX_LENGTH = 200;

const limitMessage = `limit must be a whole number from 1 to ${VIDEO_PAGE_MAX_LIMIT}`;

/**
 * `GET /api/videos` asked for one page: any of these present (even empty) asks for a page; none
 * keeps the whole list that existing clients read.
 */
export const videoListQuerySchema = z.object({
  q: z
    .string({ error: 'q must be one piece of text' })
    .max(VIDEO_SEARCH_MAX_LENGTH, `q must be at most ${VIDEO_SEARCH_MAX_LENGTH} characters`)
    .optional()
    .describe('Spec §2: part of the title, any case; blank matches every video'),
  cursor: z
    .string({ error: 'cursor must be one piece of text' })
    .regex(/^[A-Za-z0-9_-]{1,200}$/, 'cursor is not one this list gave out')
    .optional()
    .describe('nextCursor of the page before; absent for the first page'),
  limit: z
    .string({ error: limitMessage })
    .regex(/^\d{1,3}$/, limitMessage)
    .transform(Number)
    .pipe(z.number().int().min(1, limitMessage).max(VIDEO_PAGE_MAX_LIMIT, limitMessage))
    .optional()
    .describe(`Videos per page, ${VIDEO_PAGE_DEFAULT_LIMIT} when absent`),
  teamId: z
    .string({ error: 'teamId must be one piece of text' })
    .uuid('teamId must be a team id')
    .optional()
    .describe('Only the videos shared with this team (its coach or a member)'),
});
export type VideoListQuery = z.input<typeof videoListQuerySchema>;

/** Whether a query string asks for a page (any of q, cursor, limit, teamId) or the whole list. */
export const asksForVideoPage = (query: Record<string, unknown>) =>
  query.q !== undefined ||
  query.cursor !== undefined ||
  query.limit !== undefined ||
  query.teamId !== undefined;

/** Every video the viewer may see, newest first: the answer to `GET /api/videos` with no query. */
export const videoListSchema = z.array(videoSchema).meta({ id: 'VideoList' });

/**
 * One page of the viewer's videos, newest first. `nextCursor` continues exactly after the last
 * video here, however many are uploaded meanwhile; null on the last page.
 */
export const videoPageSchema = z
  .object({
    videos: z.array(videoSchema),
    nextCursor: z.string().nullable(),
  })
  .meta({ id: 'VideoPage' });
export type VideoPage = z.infer<typeof videoPageSchema>;

export const videoDetailSchema = videoSchema
  .extend({
    analysis: analysisSchema.nullable(),
    /**
     * Questions to start the AI Coach chat with (spec: suggested prompts per video), made from
     * the analysis; general questions until there is one.
     */
    suggestedPrompts: suggestedPromptsSchema,
  })
  .meta({ id: 'VideoDetail' });
export type VideoDetail = z.infer<typeof videoDetailSchema>;

export const videoIdParamsSchema = z.object({
  id: z.string().uuid({ error: 'Video id must be a UUID' }),
});

const titleSchema = z
  .string({ error: 'Title is required' })
  .trim()
  .min(1, 'Title is required')
  .max(TITLE_MAX_LENGTH, `Title must be at most ${TITLE_MAX_LENGTH} characters`);
const descriptionSchema = z
  .string({ error: 'Description must be text' })
  .trim()
  .max(DESCRIPTION_MAX_LENGTH, `Description must be at most ${DESCRIPTION_MAX_LENGTH} characters`);

/** The text fields of an upload; the file travels beside them in the same multipart body. */
export const uploadFieldsSchema = z.object({
  title: titleSchema,
  description: descriptionSchema.optional(),
  /** Beyond the spec: the movement to coach; absent or auto recognises it. */
  movement: movementChoiceSchema.optional(),
});

export const updateVideoBodySchema = z
  .object({
    title: titleSchema.optional(),
    description: descriptionSchema.nullable().optional(),
    /**
     * Beyond the spec: the movement to coach, until the video has been analysed with one (then
     * the Analysis tab's Movement card changes it and writes the analysis again).
     */
    movement: movementChoiceSchema.optional(),
  })
  .meta({ id: 'UpdateVideoBody' });
export type UpdateVideoBody = z.input<typeof updateVideoBodySchema>;

/** What a video's open pages hear over server-sent events as it is prepared. */
export const videoEventSchema = z
  .object({
    id: z.string().uuid(),
    status: videoStatusSchema,
    progress: z.number().int().min(0).max(100),
    failureReason: z.string().nullable(),
  })
  .meta({ id: 'VideoEvent' });
export type VideoEvent = z.infer<typeof videoEventSchema>;

export const studentSchema = z
  .object({ id: z.string().uuid(), name: z.string(), username: z.string() })
  .meta({ id: 'Student' });
export type Student = z.infer<typeof studentSchema>;
