import { z } from 'zod';
import {
  AUTO_DETECT,
  CAMERA_VIEWS,
  MAX_SLOW_MOTION_FACTOR,
  MOVEMENT_IDS,
  type CameraView,
} from './values';

/** A shape drawn over the picture. Coordinates are fractions (0-1) of the video's own frame. */
export const visualGuideSchema = z
  .object({
    type: z.enum(['arrow', 'line', 'highlight']),
    x: z.number().min(0).max(1),
    y: z.number().min(0).max(1),
    endX: z.number().min(0).max(1).optional(),
    endY: z.number().min(0).max(1).optional(),
    color: z.string().optional().describe('A CSS colour; white when absent'),
  })
  .meta({ id: 'VisualGuide' });
export type VisualGuide = z.infer<typeof visualGuideSchema>;

export const coachingPointSchema = z
  .object({
    timestamp: z.number().min(0).describe('Seconds from the start of the video'),
    title: z.string(),
    description: z.string(),
    type: z.string(),
    visualGuides: z.array(visualGuideSchema).optional(),
    /** Beyond the spec: which athlete (1-based, as in `athletes`) the point is about. */
    athlete: z.number().int().min(1).optional(),
    /** Beyond the spec: the metric records (`MetricRecord.id`) the point quotes. */
    metricIds: z.array(z.string()).optional(),
  })
  .meta({ id: 'CoachingPoint' });
export type CoachingPoint = z.infer<typeof coachingPointSchema>;

export const playerDetectionSchema = z
  .object({
    timestamp: z.number().min(0),
    playerMatchId: z.string().nullable(),
    confidence: z.number().min(0).max(1),
    jerseyNumber: z.string().nullable(),
    jerseyColor: z.string().nullable(),
    faceDetected: z.boolean(),
    /** [x, y, width, height] as fractions of the frame. */
    box: z.tuple([z.number(), z.number(), z.number(), z.number()]).optional(),
    /** Beyond the spec: the tracked person this detection is of, within its scan. */
    trackId: z.number().int().nonnegative().optional(),
    /** Beyond the spec: who named the person, a face match or the coach by hand. */
    identifiedBy: z.enum(['face', 'coach']).optional(),
  })
  .meta({ id: 'PlayerDetection' });
export type PlayerDetection = z.infer<typeof playerDetectionSchema>;

/**
 * One measure of the main athlete followed through the clip, for the chart under the analysis
 * (beyond the spec). Which measure depends on what the clip shows: knee angle for squats, hip
 * height for jumps, movement speed otherwise.
 */
export const metricSeriesSchema = z
  .object({
    name: z.string().describe('What is measured, e.g. "Knee angle"'),
    unit: z.string().describe('e.g. "°" or "body lengths/s"'),
    /** A reference value a coach aims at (e.g. 90° of knee bend), when there is one. */
    target: z.number().nullable(),
    /** Which athlete (1-based, as in `athletes`) the series follows. */
    athlete: z.number().int().min(1).optional(),
    /** [seconds from the start of the video, value], in time order. */
    samples: z.array(z.tuple([z.number(), z.number()])),
  })
  .meta({ id: 'MetricSeries' });
export type MetricSeries = z.infer<typeof metricSeriesSchema>;

export const movementIdSchema = z.enum(MOVEMENT_IDS).meta({ id: 'MovementId' });
export const movementChoiceSchema = z
  .enum([AUTO_DETECT, ...MOVEMENT_IDS], {
    error: `Movement must be ${AUTO_DETECT} or one of: ${MOVEMENT_IDS.join(', ')}`,
  })
  .describe('auto lets FilmRoom recognise the movement; otherwise a catalogue entry')
  .meta({ id: 'MovementChoice' });
export const cameraViewSchema = z.enum(
  CAMERA_VIEWS.map((view) => view.id) as [CameraView, ...CameraView[]],
);

/**
 * One measured number, computed once: the table, the coaching points, the feedback, the chart
 * and the chat all quote this record (its `text`), never a value of their own.
 */
export const metricRecordSchema = z
  .object({
    id: z.string().describe('Unique in the analysis, e.g. "a1.tempo_ratio"'),
    athlete: z.number().int().min(1),
    name: z.string().describe('e.g. "Backswing:downswing tempo"'),
    value: z.number(),
    unit: z.string().describe('e.g. "°", "s", ":1", "steps/min"'),
    /** The value as every text quotes it, unit included, e.g. "3.1:1" or "94°". */
    text: z.string(),
    /** When it was measured (seconds), or null for a whole-clip measure. */
    t: z.number().nullable(),
    /** The key event it was measured at, e.g. "impact". */
    event: z.string().nullable(),
    /** What good looks like, e.g. "near 3:1", or null when FilmRoom has no target. */
    target: z.string().nullable(),
    /** Where the target comes from, in one line. */
    source: z.string().nullable(),
    status: z.enum(['ok', 'fault', 'info']),
  })
  .meta({ id: 'MetricRecord' });
export type MetricRecord = z.infer<typeof metricRecordSchema>;

export const movementEventSchema = z
  .object({
    name: z.string().describe('e.g. "impact"'),
    label: z.string().describe('e.g. "Impact"'),
    t: z.number().describe('Seconds from the start of the video'),
  })
  .meta({ id: 'MovementEvent' });
export type MovementEvent = z.infer<typeof movementEventSchema>;

/** One athlete's reading: the movement they were doing, its key moments and what was measured. */
export const athleteReadingSchema = z
  .object({
    index: z.number().int().min(1),
    /** The identified player's name, or e.g. "Athlete 1 (white shirt)". */
    name: z.string(),
    trackId: z.number().int(),
    playerMatchId: z.string().nullable(),
    movement: movementIdSchema,
    movementLabel: z.string(),
    /** How sure the recognition is (0-1); 1 when the coach chose the movement. */
    confidence: z.number().min(0).max(1),
    movementSource: z.enum(['detected', 'chosen']),
    /**
     * The most likely movements, best first (at most two), with how sure each is: offered as
     * "Which movement is this?" when the recognition was not sure enough to apply a rubric.
     * Absent on readings the coach chose and on analyses written before it existed.
     */
    candidates: z
      .array(z.object({ movement: movementIdSchema, confidence: z.number().min(0).max(1) }))
      .max(2)
      .optional(),
    /**
     * The footage plays about this many times slower than real time, as read from this
     * athlete's own movement (a swing or a stride taking far longer than it can in life).
     * Absent when the clip reads as real time or the factor was declared.
     */
    detectedSlowMotion: z.number().min(1).max(MAX_SLOW_MOTION_FACTOR).optional(),
    view: cameraViewSchema,
    viewConfidence: z.number().min(0).max(1),
    events: z.array(movementEventSchema),
    /** Repetitions counted: reps, strides, swings, shots or strokes, as the movement counts. */
    repetitions: z.number().int().min(0),
    metrics: z.array(metricRecordSchema),
    /** What this camera angle cannot measure, and the angle that would show it. */
    withheld: z.array(z.string()),
  })
  .meta({ id: 'AthleteReading' });
export type AthleteReading = z.infer<typeof athleteReadingSchema>;

/** How the clip's time relates to real time: slow-motion footage plays slower than life. */
export const timingSchema = z
  .object({
    /** Real time runs this many times faster than playback (4 for 120 fps played at 30). */
    slowMotionFactor: z.number().min(1).max(MAX_SLOW_MOTION_FACTOR).nullable(),
    /**
     * Who said so: the file's own metadata, the coach, the body's own timing (detected: a
     * movement taking far longer than it can in life), or nobody (assumed real time).
     */
    source: z.enum(['container', 'coach', 'detected']).nullable(),
  })
  .meta({ id: 'Timing' });
export type Timing = z.infer<typeof timingSchema>;

export const analysisSchema = z
  .object({
    textAnalysis: z.string().describe('Markdown'),
    overallFeedback: z.string().nullable().optional(),
    coachingPoints: z.array(coachingPointSchema).optional(),
    playerDetections: z.array(playerDetectionSchema),
    keyMetric: metricSeriesSchema
      .nullable()
      .optional()
      .describe('Beyond the spec: one measure over time, for a chart'),
    /** Beyond the spec: each athlete's movement, key moments and measured numbers. */
    athletes: z.array(athleteReadingSchema).optional(),
    /** Beyond the spec: the movement the coach chose (auto: recognised per athlete). */
    movement: movementChoiceSchema.optional(),
    timing: timingSchema.optional(),
  })
  .meta({ id: 'Analysis' });
export type Analysis = z.infer<typeof analysisSchema>;

export const INSTRUCTIONS_MAX_LENGTH = 2000;

export const regenerateBodySchema = z
  .object({
    instructions: z
      .string({ error: 'Instructions must be text' })
      .max(
        INSTRUCTIONS_MAX_LENGTH,
        `Instructions must be at most ${INSTRUCTIONS_MAX_LENGTH} characters`,
      )
      .optional(),
    /** Beyond the spec: coach this movement (or auto-detect); absent keeps the current choice. */
    movement: movementChoiceSchema.optional(),
    /**
     * Beyond the spec: the footage is slow motion, this many times slower than life (1 = real
     * time); null goes back to what the file says. Absent keeps the current setting.
     */
    slowMotionFactor: z
      .number({ error: 'Slow-motion factor must be a number' })
      .min(1, 'Slow-motion factor must be at least 1')
      .max(MAX_SLOW_MOTION_FACTOR, `Slow-motion factor must be at most ${MAX_SLOW_MOTION_FACTOR}`)
      .nullable()
      .optional(),
  })
  .meta({ id: 'RegenerateBody' });
export type RegenerateBody = z.input<typeof regenerateBodySchema>;

export const playerSchema = z
  .object({ name: z.string(), photoUrl: z.string().nullable() })
  .meta({ id: 'Player', description: 'A person identified in a video' });
export type Player = z.infer<typeof playerSchema>;

export const playerDetectionsResponseSchema = z
  .object({ playerDetections: z.array(playerDetectionSchema) })
  .meta({ id: 'PlayerDetections' });

/**
 * A person named (or un-named, with null) by hand: the detection clicked, so the name follows
 * that tracked person through this detection and the next.
 */
export const playerIdentificationBodySchema = z
  .object({
    trackId: z.number().int().nonnegative(),
    timestamp: z.number().min(0),
    box: z.tuple([z.number(), z.number(), z.number(), z.number()]),
    playerId: z.string().uuid({ error: 'Player id must be a UUID' }).nullable(),
  })
  .meta({ id: 'PlayerIdentificationBody' });
export type PlayerIdentificationBody = z.infer<typeof playerIdentificationBodySchema>;

/** Someone a person in a video may be named as: the video's owner or one of their athletes. */
export const playerCandidateSchema = z
  .object({ id: z.string(), name: z.string() })
  .meta({ id: 'PlayerCandidate' });
export type PlayerCandidate = z.infer<typeof playerCandidateSchema>;

/**
 * The measured body positions of a video, for drawing skeletons over playback. Keypoints come
 * in the 17-point COCO order as [x, y, score] with x and y as fractions of the frame.
 */

export const posesSchema = z
  .object({
    fps: z.number(),
    tracks: z.array(
      z.object({
        id: z.number(),
        samples: z.array(
          z.object({
            t: z.number(),
            keypoints: z.array(z.tuple([z.number(), z.number(), z.number()])),
          }),
        ),
      }),
    ),
  })
  .meta({ id: 'Poses' });
export type Poses = z.infer<typeof posesSchema>;
