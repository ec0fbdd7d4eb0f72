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
