import { z } from 'zod';
import { annotationSchema } from './annotations';
import { EMAIL_PATTERN } from './auth';
import { TITLE_MAX_LENGTH } from './videos';

/** The longest clip: a few plays of a game; longer film stays a video. */
export const CLIP_MAX_SECONDS = 600;
/** A clip made from a coaching point reaches this far before and after its moment. */
export const COACHING_POINT_CLIP_LEAD_SECONDS = 2;
/** Enough clips for a season's highlights; more is a second playlist. */
export const PLAYLIST_MAX_CLIPS = 200;

const titleSchema = z
  .string({ error: 'Title is required' })
  .trim()
  .min(1, 'Title is required')
  .max(TITLE_MAX_LENGTH, `Title must be at most ${TITLE_MAX_LENGTH} characters`);

const secondsSchema = (field: 'start' | 'end') =>
  z
    .number({ error: `${field} must be a number of seconds` })
    .min(0, `${field} must be 0 seconds or more`);

/**
 * A titled range of a video. `videoId` and `videoTitle` are null for someone who reaches the
 * clip only through a shared playlist: the rest of the video is not theirs to know.
 */
export const clipSchema = z
  .object({
    id: z.string().uuid(),
    title: z.string(),
    start: z.number().describe('Seconds from the start of the video'),
    end: z.number().describe('Seconds from the start of the video, after `start`'),
    videoId: z.string().uuid().nullable().describe('Null unless the asker may view the video'),
    videoTitle: z.string().nullable().describe('Null unless the asker may view the video'),
    mediaUrl: z.string().describe('The range alone as an MP4, cut by the server'),
    mine: z.boolean().describe('True for the clip’s owner'),
    createdAt: z.string().describe('ISO 8601'),
  })
  .meta({ id: 'Clip' });
export type Clip = z.infer<typeof clipSchema>;

/** A clip with the notes (and their drawings) inside its range, read from its video. */
export const clipDetailSchema = clipSchema
  .extend({
    notes: z
      .array(annotationSchema)
      .describe(
        'Notes whose moment or range falls inside the clip; times are the video’s. Voice notes play only for those who may view the video.',
      ),
  })
  .meta({ id: 'ClipDetail' });
export type ClipDetail = z.infer<typeof clipDetailSchema>;

export const createClipBodySchema = z
  .object({
    videoId: z.string({ error: 'videoId is required' }).uuid({ error: 'videoId must be a UUID' }),
    title: titleSchema,
    start: secondsSchema('start'),
    end: secondsSchema('end'),
  })
  .refine((body) => body.end > body.start, { message: 'end must be after start', path: ['end'] })
  .meta({ id: 'CreateClipBody' });
export type CreateClipBody = z.input<typeof createClipBodySchema>;

export const updateClipBodySchema = z
  .object({
    title: titleSchema.optional(),
    start: secondsSchema('start').optional(),
    end: secondsSchema('end').optional(),
  })
  .meta({ id: 'UpdateClipBody' });
export type UpdateClipBody = z.input<typeof updateClipBodySchema>;

export const clipParamsSchema = z.object({
  clipId: z.string().uuid({ error: 'Clip id must be a UUID' }),
});

export const clipNoteParamsSchema = clipParamsSchema.extend({
  noteId: z.string().uuid({ error: 'Note id must be a UUID' }),
});

export const clipListQuerySchema = z.object({
  videoId: z.string().uuid({ error: 'videoId must be a UUID' }).optional(),
});

/** One place in a playlist: the clip and where it stands. */
export const playlistItemSchema = z
  .object({
    id: z.string().uuid(),
    position: z.number().int().min(0),
    clip: clipDetailSchema,
  })
  .meta({ id: 'PlaylistItem' });
export type PlaylistItem = z.infer<typeof playlistItemSchema>;

export const playlistShareSchema = z
  .object({
    id: z.string().uuid(),
    sharedWithEmail: z.string(),
    pending: z.boolean().describe('True while no confirmed account uses the address'),
  })
  .meta({ id: 'PlaylistShare' });
export type PlaylistShare = z.infer<typeof playlistShareSchema>;

export const playlistSummarySchema = z
  .object({
    id: z.string().uuid(),
    title: z.string(),
    clipCount: z.number().int().min(0),
    totalSeconds: z.number().min(0),
    mine: z.boolean().describe('False for a playlist shared with the asker'),
    ownerName: z.string(),
    updatedAt: z.string().describe('ISO 8601'),
  })
  .meta({ id: 'PlaylistSummary' });
export type PlaylistSummary = z.infer<typeof playlistSummarySchema>;

export const playlistSchema = playlistSummarySchema
  .extend({
    items: z.array(playlistItemSchema).describe('In playing order'),
    removedClips: z
      .number()
      .int()
      .min(0)
      .describe('Clips taken out because their video was deleted'),
    shares: z.array(playlistShareSchema).describe('Empty unless the asker owns the playlist'),
  })
  .meta({ id: 'Playlist' });
export type Playlist = z.infer<typeof playlistSchema>;

export const createPlaylistBodySchema = z
  .object({
    title: titleSchema,
    clipIds: z
      .array(z.string().uuid({ error: 'clipIds must be clip UUIDs' }))
      .max(PLAYLIST_MAX_CLIPS, `A playlist holds at most ${PLAYLIST_MAX_CLIPS} clips`)
      .default([]),
  })
  .meta({ id: 'CreatePlaylistBody' });
export type CreatePlaylistBody = z.input<typeof createPlaylistBodySchema>;

export const renamePlaylistBodySchema = z
  .object({ title: titleSchema })
  .meta({ id: 'RenamePlaylistBody' });

export const addPlaylistItemBodySchema = z
  .object({
    clipId: z.string({ error: 'clipId is required' }).uuid({ error: 'clipId must be a UUID' }),
  })
  .meta({ id: 'AddPlaylistItemBody' });

export const reorderPlaylistBodySchema = z
  .object({
    itemIds: z
      .array(z.string().uuid({ error: 'itemIds must be item UUIDs' }))
      .max(PLAYLIST_MAX_CLIPS, `A playlist holds at most ${PLAYLIST_MAX_CLIPS} clips`)
      .describe('Every item of the playlist, once each, in the new order'),
  })
  .meta({ id: 'ReorderPlaylistBody' });

export const sharePlaylistBodySchema = z
  .object({
    email: z
      .string({ error: 'Please enter an email to share with' })
      .trim()
      .min(1, 'Please enter an email to share with')
      .max(254, 'Email must be at most 254 characters')
      .regex(EMAIL_PATTERN, 'Please enter a valid email address')
      .transform((email) => email.toLowerCase()),
  })
  .meta({ id: 'SharePlaylistBody' });
export type SharePlaylistBody = z.input<typeof sharePlaylistBodySchema>;

export const playlistParamsSchema = z.object({
  playlistId: z.string().uuid({ error: 'Playlist id must be a UUID' }),
});
export const playlistItemParamsSchema = playlistParamsSchema.extend({
  itemId: z.string().uuid({ error: 'Item id must be a UUID' }),
});
export const playlistShareParamsSchema = playlistParamsSchema.extend({
  shareId: z.string().uuid({ error: 'Share id must be a UUID' }),
});

/**
 * On the event stream: a playlist changed (its clips, their order or names, its title, or a
 * source video deleted). Heard by whoever may see the playlist; open pages fetch it again.
 */
export const playlistChangedEventSchema = z
  .object({ id: z.string().uuid() })
  .meta({ id: 'PlaylistChangedEvent' });
export type PlaylistChangedEvent = z.infer<typeof playlistChangedEventSchema>;
