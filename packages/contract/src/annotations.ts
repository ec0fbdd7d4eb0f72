import { z } from 'zod';
import { drawingSchema } from './drawings';
import { REACTIONS } from './values';

/** The five reactions of the spec, in the order the app shows them. */

export const ANNOTATION_CONTENT_MAX_LENGTH = 5000;
/** The longest voice note the API accepts a duration for (an hour; far beyond any real note). */
export const AUDIO_DURATION_MAX_SECONDS = 3600;
/** How long a drawing stays over the picture during playback unless the note says otherwise. */
export const DEFAULT_DISPLAY_SECONDS = 3;
export const DISPLAY_SECONDS_MIN = 0.5;
export const DISPLAY_SECONDS_MAX = 30;

export const reactionSchema = z.enum(REACTIONS, {
  error: `reaction must be one of ${REACTIONS.join(' ')}`,
});

export const sentimentLabelSchema = z.enum(['positive', 'negative', 'neutral'], {
  error: 'sentiment.label must be positive, negative or neutral',
});
export type SentimentLabel = z.infer<typeof sentimentLabelSchema>;

/** How a comment reads, computed on the server from its text. */
export const sentimentSchema = z
  .object(
    {
      label: sentimentLabelSchema,
      confidence: z
        .number({ error: 'sentiment.confidence must be a number from 0 to 1' })
        .min(0, 'sentiment.confidence must be a number from 0 to 1')
        .max(1, 'sentiment.confidence must be a number from 0 to 1')
        .describe('0-1; the app shows it as a rounded percentage'),
    },
    { error: 'sentiment must be an object with label and confidence' },
  )
  .meta({ id: 'Sentiment' });
export type Sentiment = z.infer<typeof sentimentSchema>;

/** One reaction's tally on an annotation. */
export const reactionCountSchema = z
  .object({
    count: z.number().int().min(0),
    mine: z.boolean().describe('True when the asker has given this reaction (beyond the spec)'),
  })
  .meta({ id: 'ReactionCount' });
export type ReactionCount = z.infer<typeof reactionCountSchema>;

/** Emoji → `{count, mine}`, always with all five reactions (a count of 0 when nobody gave it). */
export const reactionSummarySchema = z
  .record(reactionSchema, reactionCountSchema)
  .meta({ id: 'ReactionSummary' });
export type ReactionSummary = z.infer<typeof reactionSummarySchema>;

/** Who wrote an annotation or reply. */
export const annotationUserSchema = z
  .object({
    id: z.string().uuid(),
    name: z.string(),
    avatarUrl: z.string().nullable(),
  })
  .meta({ id: 'AnnotationUser' });
export type AnnotationUser = z.infer<typeof annotationUserSchema>;

const annotationFields = {
  id: z.string().uuid(),
  parentId: z.string().uuid().nullable().describe('The annotation a reply answers; null otherwise'),
  content: z.string().describe('The text; empty for a voice note with no words'),
  timestamp: z.number().describe('Seconds from the start of the video (a reply: its annotation’s)'),
  xPosition: z.number().min(0).max(100).describe('Percent of the picture’s width, from the left'),
  yPosition: z.number().min(0).max(100).describe('Percent of the picture’s height, from the top'),
  audioUrl: z.string().nullable().describe('The voice note under /uploads; null without one'),
  audioDuration: z.number().nullable().describe('Seconds, as the recorder measured them'),
  sentiment: sentimentSchema
    .nullable()
    .describe('From the text; null when there is no text (the marker is grey)'),
  drawing: drawingSchema
    .nullable()
    .describe('Shapes drawn over the frame at `timestamp`; null without a drawing'),
  reactions: reactionSummarySchema,
  user: annotationUserSchema,
  createdAt: z.string().describe('ISO 8601'),
};

/** What only a top-level note has: its range, how its drawing plays, and whether it is dealt with. */
const noteFields = {
  endTime: z
    .number()
    .nullable()
    .describe('A range note ends here (seconds, after `timestamp`); null for a single moment'),
  displaySeconds: z
    .number()
    .describe('How long the drawing stays over the picture during playback (default 3)'),
  pauseHere: z.boolean().describe('Playback stops on the drawing when it reaches the note'),
  resolvedAt: z.string().nullable().describe('ISO 8601; null while the note is open'),
  resolvedBy: annotationUserSchema.nullable().describe('Who marked it resolved; null while open'),
};

/**
 * A reply in an annotation's discussion. Replies have no replies of their own; a reply's drawing
 * is on its annotation's frame.
 */
export const annotationReplySchema = z
  .object({ ...annotationFields, replies: z.array(z.never()).max(0) })
  .meta({ id: 'AnnotationReply' });
export type AnnotationReply = z.infer<typeof annotationReplySchema>;

/** A note pinned at a time and place on a video, with its discussion (oldest reply first). */
export const annotationSchema = z
  .object({ ...annotationFields, ...noteFields, replies: z.array(annotationReplySchema) })
  .meta({ id: 'Annotation' });
export type Annotation = z.infer<typeof annotationSchema>;

const contentSchema = z
  .string({ error: 'content must be text' })
  .trim()
  .max(
    ANNOTATION_CONTENT_MAX_LENGTH,
    `content must be at most ${ANNOTATION_CONTENT_MAX_LENGTH} characters`,
  );

const timestampSchema = z
  .number({ error: 'timestamp must be a number of seconds' })
  .min(0, 'timestamp must be 0 seconds or more');

const percentSchema = (field: 'xPosition' | 'yPosition') =>
  z
    .number({ error: `${field} must be a percentage from 0 to 100` })
    .min(0, `${field} must be a percentage from 0 to 100`)
    .max(100, `${field} must be a percentage from 0 to 100`);

const endTimeSchema = z
  .number({ error: 'endTime must be a number of seconds' })
  .min(0, 'endTime must be 0 seconds or more');

const displaySecondsSchema = z
  .number({ error: 'displaySeconds must be a number of seconds' })
  .min(DISPLAY_SECONDS_MIN, `displaySeconds must be at least ${DISPLAY_SECONDS_MIN} seconds`)
  .max(DISPLAY_SECONDS_MAX, `displaySeconds must be at most ${DISPLAY_SECONDS_MAX} seconds`);

const audioDurationSchema = z
  .number({ error: 'audioDuration must be a number of seconds' })
  .min(0, 'audioDuration must be 0 seconds or more')
  .max(
    AUDIO_DURATION_MAX_SECONDS,
    `audioDuration must be at most ${AUDIO_DURATION_MAX_SECONDS} seconds`,
  );

/**
 * A text or drawn annotation (JSON): text, a drawing, or both. A voice note goes as multipart
 * (see `annotationUploadFieldsSchema`). The server also checks that the timestamp (and endTime)
 * lie within the video, and that endTime comes after the timestamp.
 */
export const createAnnotationBodySchema = z
  .object({
    content: contentSchema.default(''),
    timestamp: timestampSchema,
    xPosition: percentSchema('xPosition'),
    yPosition: percentSchema('yPosition'),
    endTime: endTimeSchema.nullable().default(null),
    drawing: drawingSchema.nullable().default(null),
    displaySeconds: displaySecondsSchema.default(DEFAULT_DISPLAY_SECONDS),
    pauseHere: z.boolean({ error: 'pauseHere must be true or false' }).default(false),
  })
  .meta({ id: 'CreateAnnotationBody' });
export type CreateAnnotationBody = z.input<typeof createAnnotationBodySchema>;

// Multipart fields arrive as text: an empty or missing number is "required", never 0.
const formNumber = (field: string) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, `${field} is required`)
    .transform(Number);
const optionalFormNumber = z
  .string()
  .trim()
  .transform((text) => (text === '' ? undefined : Number(text)));

const SENTIMENT_FIELD_MESSAGE =
  'sentiment must be JSON such as {"label":"positive","confidence":0.8}';
const DRAWING_FIELD_MESSAGE = 'drawing must be JSON such as {"shapes":[...]}';

/** A multipart field holding JSON, parsed and then checked by `schema`. */
const jsonFormField = <T extends z.ZodType>(schema: T, message: string) =>
  z
    .string({ error: message })
    .transform((text, context) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        context.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
    })
    .pipe(schema);

/**
 * The text fields of a voice note (multipart/form-data, beside the `audio` file): the same rules
 * as `createAnnotationBodySchema`, plus `audioDuration` and the `sentiment` the transcription
 * gave, as a JSON string. The sentiment is checked here and then recomputed on the server from
 * the final text.
 */
export const annotationUploadFieldsSchema = z.object({
  content: contentSchema.default(''),
  timestamp: formNumber('timestamp').pipe(timestampSchema),
  xPosition: formNumber('xPosition').pipe(percentSchema('xPosition')),
  yPosition: formNumber('yPosition').pipe(percentSchema('yPosition')),
  audioDuration: optionalFormNumber.pipe(audioDurationSchema.optional()).optional(),
  sentiment: jsonFormField(sentimentSchema.nullable(), SENTIMENT_FIELD_MESSAGE).optional(),
  endTime: optionalFormNumber.pipe(endTimeSchema.optional()).optional(),
  drawing: jsonFormField(drawingSchema.nullable(), DRAWING_FIELD_MESSAGE).optional(),
  displaySeconds: optionalFormNumber.pipe(displaySecondsSchema.optional()).optional(),
  pauseHere: z
    .enum(['true', 'false'], { error: 'pauseHere must be true or false' })
    .transform((text) => text === 'true')
    .optional(),
});
export type AnnotationUploadFields = z.input<typeof annotationUploadFieldsSchema>;

/** A reply: text, a drawing on the annotation's frame, or both. */
export const replyBodySchema = z
  .object({
    content: z
      .string({ error: 'Reply text is required' })
      .trim()
      .max(
        ANNOTATION_CONTENT_MAX_LENGTH,
        `Reply must be at most ${ANNOTATION_CONTENT_MAX_LENGTH} characters`,
      )
      .default(''),
    drawing: drawingSchema.nullable().default(null),
  })
  .refine((reply) => reply.content !== '' || reply.drawing !== null, {
    message: 'A reply needs text or a drawing',
    path: ['content'],
  })
  .meta({ id: 'ReplyBody' });
export type ReplyBody = z.input<typeof replyBodySchema>;

/** Marks a note dealt with, or open again (the video's owner, its editors and the note's author). */
export const updateAnnotationBodySchema = z
  .object({
    resolved: z.boolean({ error: 'resolved must be true or false' }),
  })
  .meta({ id: 'UpdateAnnotationBody' });
export type UpdateAnnotationBody = z.input<typeof updateAnnotationBodySchema>;

export const reactionBodySchema = z
  .object({ reaction: reactionSchema })
  .meta({ id: 'ReactionBody', description: 'Gives the reaction, or takes it back if given' });
export type ReactionBody = z.input<typeof reactionBodySchema>;

/**
 * Said to a note form whose server has no speech-to-text engine: plainly, for a coach (how to
 * turn one on is for whoever runs the server, on the admin settings page).
 */
export const NO_TRANSCRIPTION_MESSAGE = 'This server does not transcribe voice notes.';

/** `GET /api/test/transcribe`: whether this server turns voice notes into words. */
export const transcriptionStatusSchema = z
  .object({
    available: z
      .boolean()
      .describe(
        'False when no speech-to-text engine is set up: voice notes are kept without words',
      ),
  })
  .meta({ id: 'TranscriptionStatus' });
export type TranscriptionStatus = z.infer<typeof transcriptionStatusSchema>;

/** What `POST /api/test/transcribe` heard in a voice note. */
export const transcriptionSchema = z
  .object({
    transcription: z.string().describe('The words heard; empty for empty or silent audio'),
    sentiment: sentimentSchema.nullable().describe('null when no words were heard'),
  })
  .meta({ id: 'Transcription' });
export type Transcription = z.infer<typeof transcriptionSchema>;

export const annotationVideoParamsSchema = z.object({
  videoId: z.string().uuid({ error: 'Video id must be a UUID' }),
});

export const annotationParamsSchema = z.object({
  videoId: z.string().uuid({ error: 'Video id must be a UUID' }),
  annotationId: z.string().uuid({ error: 'Annotation id must be a UUID' }),
});

export const reactionParamsSchema = z.object({
  annotationId: z.string().uuid({ error: 'Annotation id must be a UUID' }),
});

/** Heard over `GET /api/events` as `annotations`: a video's annotations changed; refetch them. */
export const annotationsChangedEventSchema = z
  .object({ id: z.string().uuid().describe('The video') })
  .meta({ id: 'AnnotationsChangedEvent' });
export type AnnotationsChangedEvent = z.infer<typeof annotationsChangedEventSchema>;
