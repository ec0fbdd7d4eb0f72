import { z } from 'zod';

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
    /** [seconds from the start of the video, value], in time order. */
    samples: z.array(z.tuple([z.number(), z.number()])),
  })
  .meta({ id: 'MetricSeries' });
export type MetricSeries = z.infer<typeof metricSeriesSchema>;

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
