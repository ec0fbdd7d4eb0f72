import { z } from 'zod';
import { annotationUserSchema } from './annotations';
import { drawingPointSchema } from './drawings';
import { PLANE_PRESET_IDS, quadProblem } from './measure-plane';
import { MAX_SLOW_MOTION_FACTOR, POSE_KEYPOINT_ORDER } from './values';

/**
 * Measurements kept with a video (issue 32), a kind of annotation: a calibration line of known
 * length and what is measured against it — a joint's path, an angle of three joints through
 * time, a point the coach picked and the tracker followed (a bar path), or a stopwatch between
 * two marks. Points are percent of the picture, as drawings store them; times are clip seconds.
 * The numbers themselves (metres, m/s, degrees) are worked out where they are shown, from the
 * scan's poses and the contract's `measure` functions, so they always agree with the picture.
 */

/** A body point from the scan: one of the 17 keypoints, or the body's centre (mid-hips). */
export const MEASURE_JOINTS = [...POSE_KEYPOINT_ORDER, 'body_centre'] as const;
export type MeasureJoint = (typeof MEASURE_JOINTS)[number];

export const MEASUREMENT_NAME_MAX_LENGTH = 80;
/** Five minutes of 30 fps footage: the longest track one measurement keeps. */
export const MEASUREMENT_MAX_SAMPLES = 9000;
/** A calibration line's real length: from a centimetre to a football pitch. */
export const CALIBRATION_MIN_METRES = 0.01;
export const CALIBRATION_MAX_METRES = 120;
/**
 * What the line's length is: a thing of known length (a plate, a rim's height), or the athlete
 * standing, drawn from the top of the head to the soles, their profile height its length.
 */
export const CALIBRATION_LINE_BASES = ['known-length', 'athlete-height'] as const;
/** A line's bases, or a plane: four corners of a rectangle of known size on the ground. */
export const CALIBRATION_BASES = [...CALIBRATION_LINE_BASES, 'plane'] as const;
export type CalibrationBasis = (typeof CALIBRATION_BASES)[number];

const jointSchema = z.enum(MEASURE_JOINTS, {
  error: `joint must be one of ${MEASURE_JOINTS.join(' ')}`,
});

const secondsSchema = (field: string) =>
  z
    .number({ error: `${field} must be a number of seconds` })
    .min(0, `${field} must be 0 seconds or more`);

/** A real length in metres: from a centimetre to a football pitch. */
const metresSchema = (field: string) =>
  z
    .number({ error: `${field} must be a number of metres` })
    .min(CALIBRATION_MIN_METRES, `${field} must be at least ${CALIBRATION_MIN_METRES}`)
    .max(CALIBRATION_MAX_METRES, `${field} must be at most ${CALIBRATION_MAX_METRES}`);

export const calibrationLineSchema = z
  .object(
    {
      from: drawingPointSchema,
      to: drawingPointSchema,
      metres: metresSchema('calibration.metres'),
      basis: z
        .enum(CALIBRATION_LINE_BASES, {
          error: `calibration.basis must be one of ${CALIBRATION_BASES.join(' ')}`,
        })
        .optional()
        .describe(
          'known-length (the default) or athlete-height: a head-to-foot line on a standing frame, good to about 3% at best',
        ),
    },
    { error: 'calibration is {from, to, metres, basis?}' },
  )
  .refine((line) => line.from.x !== line.to.x || line.from.y !== line.to.y, {
    message: 'calibration line needs two different ends',
  })
  .meta({
    id: 'CalibrationLine',
    description: 'A line drawn on a paused frame and its real length in metres',
  });
export type CalibrationLine = z.infer<typeof calibrationLineSchema>;

export const calibrationPlaneSchema = z
  .object(
    {
      basis: z.literal('plane'),
      corners: z
        .tuple([drawingPointSchema, drawingPointSchema, drawingPointSchema, drawingPointSchema], {
          error: 'calibration.corners must be four points, in order around the rectangle',
        })
        .describe('Percent of the picture, in order around the rectangle'),
      across: metresSchema('calibration.across').describe(
        'The real length of the first side, corner 1 to corner 2',
      ),
      along: metresSchema('calibration.along').describe(
        'The real length of the second side, corner 2 to corner 3',
      ),
      preset: z
        .enum(PLANE_PRESET_IDS, {
          error: `calibration.preset must be one of ${PLANE_PRESET_IDS.join(' ')}`,
        })
        .optional()
        .describe('The court marking it is, if one of the presets'),
    },
    { error: 'a plane calibration is {basis: plane, corners, across, along, preset?}' },
  )
  .superRefine((plane, context) => {
    // Percent of the picture is an affine change of its pixels: the checks hold in either.
    const problem = quadProblem(plane.corners);
    if (problem) context.addIssue({ code: 'custom', message: `calibration: ${problem}` });
  })
  .meta({
    id: 'CalibrationPlane',
    description:
      'The four corners of a rectangle of known size on the ground, marked on a paused frame, for measuring on that plane in perspective',
  });
export type CalibrationPlane = z.infer<typeof calibrationPlaneSchema>;

/** A line of known length, or a rectangle on the ground; told apart by `basis`. */
export const measurementCalibrationSchema = z
  .discriminatedUnion('basis', [calibrationLineSchema, calibrationPlaneSchema], {
    error: `calibration.basis must be one of ${CALIBRATION_BASES.join(' ')}`,
  })
  .meta({ id: 'MeasurementCalibration' });
export type MeasurementCalibration = z.infer<typeof measurementCalibrationSchema>;

export const trackSampleSchema = z
  .object({
    t: secondsSchema('track sample t'),
    x: z.number().min(0).max(100),
    y: z.number().min(0).max(100),
  })
  .meta({
    id: 'TrackSample',
    description: 'A tracked point at clip time t, percent of the picture',
  });

export const measurementSubjectSchema = z
  .discriminatedUnion(
    'kind',
    [
      z.object({ kind: z.literal('joint-path'), joint: jointSchema }),
      z.object({
        kind: z.literal('angle'),
        joints: z.tuple([jointSchema, jointSchema, jointSchema], {
          error: 'an angle needs three joints, its vertex in the middle',
        }),
      }),
      z.object({
        kind: z.literal('tracked-point'),
        samples: z
          .array(trackSampleSchema, { error: 'a tracked point needs samples' })
          .min(1, 'a tracked point needs at least one sample')
          .max(
            MEASUREMENT_MAX_SAMPLES,
            `a tracked point holds at most ${MEASUREMENT_MAX_SAMPLES} samples`,
          ),
      }),
      z.object({
        kind: z.literal('stopwatch'),
        start: secondsSchema('start'),
        end: secondsSchema('end'),
      }),
    ],
    { error: 'subject.kind must be joint-path, angle, tracked-point or stopwatch' },
  )
  .meta({ id: 'MeasurementSubject' });
export type MeasurementSubject = z.infer<typeof measurementSubjectSchema>;

const measurementFields = {
  name: z
    .string({ error: 'name must be text' })
    .trim()
    .min(1, 'name is required')
    .max(
      MEASUREMENT_NAME_MAX_LENGTH,
      `name must be at most ${MEASUREMENT_NAME_MAX_LENGTH} characters`,
    ),
  calibration: measurementCalibrationSchema
    .nullable()
    .describe('Without one, distances and speeds are not shown (angles and times still are)'),
  slowMotionFactor: z
    .number({ error: 'slowMotionFactor must be a number' })
    .min(1, 'slowMotionFactor must be at least 1')
    .max(MAX_SLOW_MOTION_FACTOR, `slowMotionFactor must be at most ${MAX_SLOW_MOTION_FACTOR}`)
    .nullable()
    .describe('The clip plays this many times slower than life; null: as the analysis says'),
  subject: measurementSubjectSchema,
};

/** `POST` and `PUT /api/videos/:videoId/measurements[/:id]`: the whole measurement. */
export const measurementBodySchema = z
  .object({
    ...measurementFields,
    calibration: measurementFields.calibration.default(null),
    slowMotionFactor: measurementFields.slowMotionFactor.default(null),
  })
  .meta({ id: 'MeasurementBody' });
export type MeasurementBody = z.input<typeof measurementBodySchema>;

export const measurementSchema = z
  .object({
    id: z.string().uuid(),
    videoId: z.string().uuid(),
    ...measurementFields,
    user: annotationUserSchema.describe('Who made it'),
    createdAt: z.string().describe('ISO 8601'),
    updatedAt: z.string().describe('ISO 8601'),
  })
  .meta({ id: 'Measurement' });
export type Measurement = z.infer<typeof measurementSchema>;

export const measurementVideoParamsSchema = z.object({
  videoId: z.string().uuid({ error: 'Video id must be a UUID' }),
});

export const measurementParamsSchema = z.object({
  videoId: z.string().uuid({ error: 'Video id must be a UUID' }),
  measurementId: z.string().uuid({ error: 'Measurement id must be a UUID' }),
});

/**
 * Sent on the event stream when a video's measurements change (saved, changed, deleted), to
 * whoever may view the video: their open pages fetch the measurements again.
 */
export const measurementChangedEventSchema = z
  .object({
    videoId: z.string().uuid(),
    change: z.enum(['created', 'updated', 'deleted']),
    measurementId: z.string().uuid(),
  })
  .meta({ id: 'MeasurementChanged' });
export type MeasurementChanged = z.infer<typeof measurementChangedEventSchema>;
