/**
 * Whether text on a coach's colour (a "#rrggbb" button colour) reads better dark or light: the
 * one with the higher WCAG contrast ratio against it. White counts on a yellow cluster were
 * about 1.6:1; dark ones there are over 10:1. Anything not "#rrggbb" is taken as dark (light
 * text), as the colours were drawn before.
 */
export function textOnColour(colour: string): 'dark' | 'light' {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(colour);
  if (!match) return 'light';
  const [red, green, blue] = match.slice(1).map((hex) => linear(parseInt(hex, 16) / 255)) as [
    number,
    number,
    number,
  ];
  const luminance = 0.2126 * red + 0.7152 * green + 0.0722 * blue;
  // Contrast with black, (L + 0.05) / 0.05, against contrast with white, 1.05 / (L + 0.05).
  return (luminance + 0.05) / 0.05 > 1.05 / (luminance + 0.05) ? 'dark' : 'light';
}

/** An sRGB channel (0–1) as linear light, as WCAG's relative luminance has it. */
function linear(channel: number): number {
  return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
}
