import { z } from 'zod';
import { REACTIONS } from './values';

/** The five reactions of the spec, in the order the app shows them. */

export const ANNOTATION_CONTENT_MAX_LENGTH = 5000;
/** The longest voice note the API accepts a duration for (an hour; far beyond any real note). */
export const AUDIO_DURATION_MAX_SECONDS = 3600;

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
  reactions: reactionSummarySchema,
  user: annotationUserSchema,
  createdAt: z.string().describe('ISO 8601'),
};

/** A reply in an annotation's discussion. Replies have no replies of their own. */
export const annotationReplySchema = z
  .object({ ...annotationFields, replies: z.array(z.never()).max(0) })
  .meta({ id: 'AnnotationReply' });
export type AnnotationReply = z.infer<typeof annotationReplySchema>;

/** A note pinned at a time and place on a video, with its discussion (oldest reply first). */
export const annotationSchema = z
  .object({ ...annotationFields, replies: z.array(annotationReplySchema) })
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

const audioDurationSchema = z
  .number({ error: 'audioDuration must be a number of seconds' })
  .min(0, 'audioDuration must be 0 seconds or more')
  .max(
    AUDIO_DURATION_MAX_SECONDS,
    `audioDuration must be at most ${AUDIO_DURATION_MAX_SECONDS} seconds`,
  );

/**
 * A text annotation (JSON). The text is required here; a voice note goes as multipart (see
 * `annotationUploadFieldsSchema`). The server also checks that the timestamp lies within the video.
 */
export const createAnnotationBodySchema = z
  .object({
    content: contentSchema.default(''),
    timestamp: timestampSchema,
    xPosition: percentSchema('xPosition'),
    yPosition: percentSchema('yPosition'),
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
  sentiment: z
    .string({ error: SENTIMENT_FIELD_MESSAGE })
    .transform((text, context) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        context.addIssue({ code: 'custom', message: SENTIMENT_FIELD_MESSAGE });
        return z.NEVER;
      }
    })
    .pipe(sentimentSchema.nullable())
    .optional(),
});
export type AnnotationUploadFields = z.input<typeof annotationUploadFieldsSchema>;

export const replyBodySchema = z
  .object({
    content: z
      .string({ error: 'Reply text is required' })
      .trim()
      .min(1, 'Reply text is required')
      .max(
        ANNOTATION_CONTENT_MAX_LENGTH,
        `Reply must be at most ${ANNOTATION_CONTENT_MAX_LENGTH} characters`,
      ),
  })
  .meta({ id: 'ReplyBody' });
export type ReplyBody = z.input<typeof replyBodySchema>;

export const reactionBodySchema = z
  .object({ reaction: reactionSchema })
  .meta({ id: 'ReactionBody', description: 'Gives the reaction, or takes it back if given' });
export type ReactionBody = z.input<typeof reactionBodySchema>;

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
