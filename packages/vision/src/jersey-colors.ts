/**
 * The jersey colours the app offers, in the words a coach uses, with a typical kit colour for
 * each. A measured torso colour is named after the nearest of these, so the list is also what
 * the Players tab and athlete profiles choose from.
 */
export interface JerseyColor {
  name: string;
  /** sRGB 0-255: how the app shows this colour. */
  rgb: readonly [number, number, number];
  /** Other shades coaches call by the same name, also matched (e.g. hot pink is "Pink"). */
  shades?: readonly (readonly [number, number, number])[];
  /** Black, White and Grey are told apart by lightness alone, the others by hue and chroma. */
  neutral: boolean;
}

export const JERSEY_COLORS: readonly JerseyColor[] = [
  { name: 'Red', rgb: [200, 16, 46], neutral: false },
  { name: 'Maroon', rgb: [110, 25, 40], neutral: false },
  { name: 'Orange', rgb: [255, 106, 19], neutral: false },
  { name: 'Yellow', rgb: [255, 209, 0], neutral: false },
  { name: 'Green', rgb: [0, 132, 61], neutral: false },
  { name: 'Sky Blue', rgb: [108, 172, 228], neutral: false },
  { name: 'Blue', rgb: [0, 61, 165], neutral: false },
  { name: 'Navy', rgb: [27, 38, 79], neutral: false },
  { name: 'Purple', rgb: [95, 37, 159], neutral: false },
  { name: 'Pink', rgb: [232, 111, 168], shades: [[225, 40, 120]], neutral: false },
  { name: 'Black', rgb: [20, 20, 22], neutral: true },
  { name: 'White', rgb: [245, 245, 245], neutral: true },
  { name: 'Grey', rgb: [138, 141, 143], neutral: true },
];

export const JERSEY_COLOR_NAMES: readonly string[] = JERSEY_COLORS.map((c) => c.name);
