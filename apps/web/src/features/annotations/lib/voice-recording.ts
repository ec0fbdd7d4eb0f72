/** Spec §9: the recorder hands over audio every 100 ms. */
export const RECORDING_TIMESLICE_MS = 100;

/** Spec §8. */
export const MICROPHONE_ERROR_MESSAGE =
  'Could not access microphone. Please check your permissions.';

/**
 * The microphone as it is: the browser's echo cancellation, noise suppression and gain control
 * are for calls, and they smear a voice note's words (speech recognition heard "go forward and
 * mirrors" through them and the exact words without).
 */
export const MICROPHONE_CONSTRAINTS: MediaStreamConstraints = {
  audio: { echoCancellation: false, noiseSuppression: false, autoGainControl: false },
};

/**
 * Spec §4 records audio/webm; the server also takes Ogg, which some browsers record instead.
 * Null when the browser can record neither.
 */
export function recordingMimeType(isTypeSupported: (type: string) => boolean): string | null {
  const candidates = ['audio/webm;codecs=opus', 'audio/webm', 'audio/ogg;codecs=opus'];
  return candidates.find((type) => isTypeSupported(type)) ?? null;
}

/** The file name the upload gives a recording of this type. */
export function voiceNoteFileName(mimeType: string): string {
  return mimeType.startsWith('audio/ogg') ? 'voice-note.ogg' : 'voice-note.webm';
}
