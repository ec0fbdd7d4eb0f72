/**
 * The speeds offered, starting at normal speed: the spec's (§4, §9) 0.25 to 1, with 0.1 for a
 * golf downswing or a serve and 1.5 and 2 for a long drill (issue 16, as Hudl and OnForm offer).
 */
export const PLAYBACK_SPEEDS = [0.1, 0.25, 0.5, 0.75, 1, 1.5, 2] as const;
export type PlaybackSpeed = (typeof PLAYBACK_SPEEDS)[number];
export const DEFAULT_PLAYBACK_SPEED: PlaybackSpeed = 1;

/** The dropdown's wording, as the spec shows it: "1x Speed", "0.5x Speed". */
export function speedLabel(speed: number): string {
  return `${speed}x Speed`;
}

export function toPlaybackSpeed(value: string | number): PlaybackSpeed {
  const speed = Number(value);
  return PLAYBACK_SPEEDS.find((candidate) => candidate === speed) ?? DEFAULT_PLAYBACK_SPEED;
}
