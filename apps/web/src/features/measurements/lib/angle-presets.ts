import type { MeasureJoint } from '@filmroom/contract';

/** The angles a coach asks for most, each three joints with the vertex in the middle. */
export const ANGLE_PRESETS = {
  'left-knee': { label: 'Left knee', joints: ['left_hip', 'left_knee', 'left_ankle'] },
  'right-knee': { label: 'Right knee', joints: ['right_hip', 'right_knee', 'right_ankle'] },
  'left-hip': { label: 'Left hip', joints: ['left_shoulder', 'left_hip', 'left_knee'] },
  'right-hip': { label: 'Right hip', joints: ['right_shoulder', 'right_hip', 'right_knee'] },
  'left-elbow': { label: 'Left elbow', joints: ['left_shoulder', 'left_elbow', 'left_wrist'] },
  'right-elbow': { label: 'Right elbow', joints: ['right_shoulder', 'right_elbow', 'right_wrist'] },
} as const satisfies Record<
  string,
  { label: string; joints: readonly [MeasureJoint, MeasureJoint, MeasureJoint] }
>;
export type AnglePresetId = keyof typeof ANGLE_PRESETS;

/** The joints whose path can be drawn, in the words a coach uses. */
export const PATH_JOINTS: { joint: MeasureJoint; label: string }[] = [
  { joint: 'body_centre', label: 'Body centre (mid-hip)' },
  { joint: 'left_wrist', label: 'Left wrist' },
  { joint: 'right_wrist', label: 'Right wrist' },
  { joint: 'left_hip', label: 'Left hip' },
  { joint: 'right_hip', label: 'Right hip' },
  { joint: 'left_ankle', label: 'Left ankle' },
  { joint: 'right_ankle', label: 'Right ankle' },
];

/** Real lengths a coach can calibrate on without a tape measure. */
export const CALIBRATION_PRESETS = [
  { label: 'Barbell plate (0.45 m)', metres: 0.45 },
  { label: 'Basketball rim height (3.05 m)', metres: 3.05 },
  { label: 'Tennis net at the centre (0.914 m)', metres: 0.914 },
  { label: 'Olympic bar sleeve to sleeve (1.31 m)', metres: 1.31 },
];

/** What a stopwatch between two marks most often times. */
export const STOPWATCH_NAMES = ['Stopwatch', 'Ground contact', 'Time to the top'] as const;
export type StopwatchName = (typeof STOPWATCH_NAMES)[number];
export const EMPTY_STOPWATCH = { start: null, end: null, name: 'Stopwatch' } as const;

/** A saved stopwatch's name as one of the names offered (another name reads as "Stopwatch"). */
export const stopwatchNameOf = (name: string): StopwatchName =>
  STOPWATCH_NAMES.find((each) => each === name) ?? 'Stopwatch';
