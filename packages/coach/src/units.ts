/**
 * How a height in body lengths is written, in the text and the points alike: the narrator's
 * guard accepts a rephrasing only with numbers the analysis itself printed.
 */
export const bodyLengths = (share: number) =>
  `${share.toFixed(2)} body lengths (${Math.round(share * 100)} % of body length)`;
