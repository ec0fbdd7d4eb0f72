import { formatMoment, formatWholeSeconds } from '@filmroom/contract';

/**
 * A moment of the video in the coach's text: the one formatter the web's chips, the chat and
 * compare also use (m:ss.d, rounded down to the tenth). The web turns these into links that
 * seek the video.
 */
export const clock = formatMoment;

/**
 * How a set of moments is written. Every moment now carries its tenth, so moments in one
 * second are told apart and match the chips; kept as a function of the set for its callers.
 */
export function clockFor(_times: number[]): (seconds: number) => string {
  return clock;
}

/** A length of video ("0:07", "12:30"), not a moment in it: whole seconds, rounded down. */
export const clipLength = formatWholeSeconds;
