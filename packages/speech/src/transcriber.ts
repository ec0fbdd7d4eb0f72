import type { AudioInput } from './audio';

export type Transcript = {
  /** The words heard, trimmed; empty when the audio is empty or silent. */
  text: string;
};

export type TranscriberName = 'openai-compatible' | 'pocketsphinx' | 'unavailable';

/** One speech-to-text engine. Failures are `TranscriptionError`s. */
export interface Transcriber {
  readonly name: TranscriberName;
  transcribe(audio: AudioInput): Promise<Transcript>;
}

/** Joins a recogniser's lines into one sentence-like string. */
export const tidyTranscript = (text: string) => text.replace(/\s+/g, ' ').trim();
