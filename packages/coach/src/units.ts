/**
 * How a height in body lengths is written, in the text and the points alike: the narrator's
 * guard accepts a rephrasing only with numbers the analysis itself printed.
 */
export const bodyLengths = (share: number) =>
  `${share.toFixed(2)} body lengths (${Math.round(share * 100)} % of body length)`;

/**
 * A moment of the video as m:ss, rounded down so a link to it starts just before the moment.
 * The web turns m:ss in the coach's text into links that seek the video.
 */
export const clock = (seconds: number) =>
  `${Math.floor(seconds / 60)}:${String(Math.floor(seconds % 60)).padStart(2, '0')}`;
