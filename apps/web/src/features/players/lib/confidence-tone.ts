/** Spec §9: detection confidence reads as high from 80 %, a warning from 60 %, low below. */
export function confidenceTone(confidence: number): 'high' | 'warning' | 'low' {
  const percent = Math.round(confidence * 100);
  if (percent >= 80) return 'high';
  if (percent >= 60) return 'warning';
  return 'low';
}
