import { z } from 'zod';
import {
  athleteReadingSchema,
  coachingPointSchema,
  metricSeriesSchema,
  playerDetectionSchema,
} from './analysis';

export const ANALYSIS_RANGE_STATUSES = [
  'queued',
  'scanning',
  'analysing',
  'ready',
  'failed',
  'cancelled',
] as const;
export type AnalysisRangeStatus = (typeof ANALYSIS_RANGE_STATUSES)[number];

/** Ranges of one video that may exist at once (a whole game has a few parts worth a scan). */
export const MAX_ANALYSIS_RANGES = 20;
/** A range shorter than this holds too few frames to follow a movement. */
export const MIN_ANALYSIS_RANGE_SECONDS = 1;

/** What a range's scan found; every time in it is on the video's own timeline. */
export const rangeAnalysisSchema = z
  .object({
    textAnalysis: z.string().describe('Markdown'),
    overallFeedback: z.string().nullable(),
    coachingPoints: z.array(coachingPointSchema.extend({ rangeId: z.string().uuid() })),
    playerDetections: z.array(playerDetectionSchema.extend({ rangeId: z.string().uuid() })),
    keyMetric: metricSeriesSchema.nullable(),
    athletes: z.array(athleteReadingSchema),
  })
  .meta({ id: 'RangeAnalysis' });
export type RangeAnalysis = z.infer<typeof rangeAnalysisSchema>;

/** One chosen part of a long video, analysed by its own job with its own progress. */
export const analysisRangeSchema = z
  .object({
    id: z.string().uuid(),
    videoId: z.string().uuid(),
    start: z.number().min(0).describe('Seconds from the start of the video'),
    end: z.number().describe('Seconds from the start of the video'),
    status: z.enum(ANALYSIS_RANGE_STATUSES),
    progress: z.number().int().min(0).max(100),
    failureReason: z.string().nullable(),
    createdAt: z.string(),
    analysis: rangeAnalysisSchema.nullable(),
  })
  .meta({ id: 'AnalysisRange' });
export type AnalysisRange = z.infer<typeof analysisRangeSchema>;

export const analysisRangesSchema = z
  .object({
    /** Videos longer than this many seconds are analysed only in ranges someone chooses. */
    autoAnalysisMaxSeconds: z.number(),
    ranges: z.array(analysisRangeSchema).describe('Oldest first'),
  })
  .meta({ id: 'AnalysisRanges' });
export type AnalysisRanges = z.infer<typeof analysisRangesSchema>;

const secondsSchema = (name: string) =>
  z
    .number({ error: `${name} must be a number of seconds` })
    .min(0, `${name} must be 0 seconds or more`);

export const newAnalysisRangesSchema = z
  .object({
    ranges: z
      .array(
        z
          .object({ start: secondsSchema('start'), end: secondsSchema('end') })
          .refine((range) => range.end > range.start, 'end must be after start'),
        { error: 'ranges must be a list of {start, end}' },
      )
      .min(1, 'Choose at least one range')
      .max(MAX_ANALYSIS_RANGES, `At most ${MAX_ANALYSIS_RANGES} ranges at once`),
  })
  .meta({ id: 'NewAnalysisRanges' });
export type NewAnalysisRanges = z.infer<typeof newAnalysisRangesSchema>;

export const analysisRangeParamsSchema = z.object({
  id: z.string().uuid({ error: 'Video id must be a UUID' }),
  rangeId: z.string().uuid({ error: 'Range id must be a UUID' }),
});

/** A range moving on, on the event stream (`analysis-range` events), for its video's viewers. */
export const analysisRangeEventSchema = analysisRangeSchema
  .pick({ id: true, videoId: true, status: true, progress: true, failureReason: true })
  .meta({ id: 'AnalysisRangeEvent' });
export type AnalysisRangeEvent = z.infer<typeof analysisRangeEventSchema>;
