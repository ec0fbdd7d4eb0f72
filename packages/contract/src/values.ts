/**
 * The contract's plain values — limits, lists and messages — with no zod in sight, so the web
 * app can import them (`@filmroom/contract/values`) without bundling every schema. The schemas
 * use these same constants; the main entry re-exports them.
 */

export const PASSWORD_MIN_LENGTH = 8;
/** argon2 work grows with input; a cap keeps a single request from costing seconds. */
export const PASSWORD_MAX_LENGTH = 256;

/** A set-password link opened without its ?token= part. */
export const MISSING_TOKEN_MESSAGE =
  'The link is missing its token. Open the link from the email again.';

/** Why a set-password link was refused (400). */
export const PASSWORD_LINK_MESSAGES = {
  unknown: 'This password link is not valid. Ask for a new one with "Forgot your password?".',
  used: 'This password link has already been used. Ask for a new one with "Forgot your password?".',
  expired: 'This password link has expired. Ask for a new one with "Forgot your password?".',
} as const;

/** Why a link mailed to an address (confirmation, share, roster invitation) was refused (400). */
export const EMAIL_LINK_MESSAGES = {
  unknown: 'This link is not valid. Sign in and ask for a new one.',
  used: 'This link has already been used.',
  expired: 'This link has expired. Sign in and ask for a new one.',
  otherAddress:
    'This link was sent to another email address. Sign up with the address it was sent to.',
} as const;

/** How long a link mailed to an address works: it waits in an inbox. */
export const EMAIL_LINK_DAYS = 7;

/** The five reactions (spec §9), in the order they are offered. */
export const REACTIONS = ['👍', '👎', '❤️', '🎯', '💪'] as const;
export type Reaction = (typeof REACTIONS)[number];

/** The longest question the AI Coach takes. */
export const CHAT_MESSAGE_MAX_LENGTH = 2000;

/** The 17 COCO body keypoints, in the order poses carry them ([x, y, score] each). */
export const POSE_KEYPOINT_ORDER = [
  'nose',
  'left_eye',
  'right_eye',
  'left_ear',
  'right_ear',
  'left_shoulder',
  'right_shoulder',
  'left_elbow',
  'right_elbow',
  'left_wrist',
  'right_wrist',
  'left_hip',
  'right_hip',
  'left_knee',
  'right_knee',
  'left_ankle',
  'right_ankle',
] as const;

/** The 19 limbs of the COCO skeleton, the standard way to join its 17 keypoints. */
export const POSE_LIMB_NAMES: readonly (readonly [
  (typeof POSE_KEYPOINT_ORDER)[number],
  (typeof POSE_KEYPOINT_ORDER)[number],
])[] = [
  ['left_ankle', 'left_knee'],
  ['left_knee', 'left_hip'],
  ['right_ankle', 'right_knee'],
  ['right_knee', 'right_hip'],
  ['left_hip', 'right_hip'],
  ['left_shoulder', 'left_hip'],
  ['right_shoulder', 'right_hip'],
  ['left_shoulder', 'right_shoulder'],
  ['left_shoulder', 'left_elbow'],
  ['right_shoulder', 'right_elbow'],
  ['left_elbow', 'left_wrist'],
  ['right_elbow', 'right_wrist'],
  ['left_eye', 'right_eye'],
  ['nose', 'left_eye'],
  ['nose', 'right_eye'],
  ['left_eye', 'left_ear'],
  ['right_eye', 'right_ear'],
  ['left_ear', 'left_shoulder'],
  ['right_ear', 'right_shoulder'],
];

/**
 * The sports FilmRoom's movements belong to, in the order the movement picker groups them. A
 * clip is of one sport: recognition never mixes two (a basketball practice holds no tennis
 * stroke, however a passer's arm swing scores).
 */
export const SPORTS = [
  { id: 'strength', label: 'Strength training' },
  { id: 'fitness', label: 'Fitness' },
  { id: 'athletics', label: 'Running and jumping' },
  { id: 'golf', label: 'Golf' },
  { id: 'basketball', label: 'Basketball' },
  { id: 'tennis', label: 'Tennis' },
  { id: 'yoga', label: 'Yoga' },
] as const;
export type SportId = (typeof SPORTS)[number]['id'];

/**
 * The movements FilmRoom knows how to coach (packages/coach's catalogue), in the order the
 * movement picker lists them, each with its sport. `general` is the honest reading of anything
 * else: what was measured, with no rubric invented.
 */
export const MOVEMENTS = [
  { id: 'squat', label: 'Squat', sport: 'strength' },
  { id: 'lunge', label: 'Lunge', sport: 'strength' },
  { id: 'hip_hinge', label: 'Hip hinge / deadlift', sport: 'strength' },
  { id: 'push_up', label: 'Push-up', sport: 'strength' },
  { id: 'pull_up', label: 'Pull-up', sport: 'strength' },
  { id: 'vertical_jump', label: 'Vertical jump', sport: 'athletics' },
  { id: 'jumping_jacks', label: 'Jumping jacks', sport: 'fitness' },
  { id: 'running', label: 'Running / sprinting', sport: 'athletics' },
  { id: 'golf_swing', label: 'Golf swing', sport: 'golf' },
  { id: 'basketball_shot', label: 'Basketball jump shot / free throw', sport: 'basketball' },
  { id: 'tennis_serve', label: 'Tennis serve', sport: 'tennis' },
  { id: 'tennis_groundstroke', label: 'Tennis forehand / backhand', sport: 'tennis' },
  { id: 'yoga', label: 'Yoga / held poses', sport: 'yoga' },
  { id: 'general', label: 'General movement', sport: null },
] as const satisfies readonly { id: string; label: string; sport: SportId | null }[];
export type MovementId = (typeof MOVEMENTS)[number]['id'];
export const MOVEMENT_IDS = MOVEMENTS.map((movement) => movement.id) as [
  MovementId,
  ...MovementId[],
];
/** What the coach picked: a catalogue entry, or `auto` to let FilmRoom recognise it. */
export const AUTO_DETECT = 'auto';
export type MovementChoice = MovementId | typeof AUTO_DETECT;

export function movementLabel(id: MovementId): string {
  return MOVEMENTS.find((movement) => movement.id === id)?.label ?? id;
}

/** Where the camera stood relative to the athlete, as far as 2D keypoints can tell. */
export const CAMERA_VIEWS = [
  { id: 'side', label: 'side-on' },
  { id: 'front', label: 'front-on' },
  { id: 'behind', label: 'from behind' },
  { id: 'down_the_line', label: 'down the line' },
  { id: 'face_on', label: 'face-on' },
  { id: 'unknown', label: 'an angle that could not be told' },
] as const;
export type CameraView = (typeof CAMERA_VIEWS)[number]['id'];

/** Slow-motion footage plays this many times slower than real life, at most. */
export const MAX_SLOW_MOTION_FACTOR = 32;
