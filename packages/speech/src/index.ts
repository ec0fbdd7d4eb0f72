/**
 * Speech for FilmRoom's voice notes and comments: what a coach said (transcription) and how it
 * reads (sentiment). Data in, data out: no HTTP, no database.
 */

/** Sentiment of a coaching comment: `sentimentOf(text)` → `{label, confidence}`. */
export { sentimentOf } from './sentiment';
export type { Sentiment, SentimentLabel } from './sentiment';

/** Speech to text: `await createTranscriber(settings)` once, then `transcriber.transcribe(audio)`. */
export { createTranscriber, HOW_TO_ENABLE_TRANSCRIPTION } from './create-transcriber';
export type { TranscriptionSettings } from './create-transcriber';
export type { Transcriber, TranscriberName, Transcript } from './transcriber';
export type { AudioInput } from './audio';
export type { SpeechToTextServiceSettings } from './openai-transcriber';
export type { PocketsphinxSettings } from './pocketsphinx-transcriber';
export { DEBIAN_POCKETSPHINX } from './pocketsphinx-transcriber';

/** What can go wrong, by `code`: 'unavailable' (503), 'unreadable-audio' (400/415), 'failed' (502). */
export {
  TranscriptionError,
  TranscriptionFailed,
  TranscriptionUnavailable,
  UnreadableAudio,
} from './transcription-errors';
