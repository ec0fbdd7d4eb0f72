import type { PlayerDetection } from '@filmroom/contract';

/** An unidentified person seen at `timestamp`, for the tests of the Players tab's helpers. */
export const detectionAt = (timestamp: number): PlayerDetection => ({
  timestamp,
  playerMatchId: null,
  confidence: 0.9,
  jerseyNumber: null,
  jerseyColor: null,
  faceDetected: false,
});
