import type * as OpenAiModule from 'openai';
import type OpenAI from 'openai';
import { audioBytes, audioFileName, type AudioInput } from './audio';
import { tidyTranscript, type Transcriber, type Transcript } from './transcriber';
import { TranscriptionFailed } from './transcription-errors';

export type SpeechToTextServiceSettings = {
  /**
   * The API root of any OpenAI-compatible service, ending in `/v1`: OpenAI, or a self-hosted
   * Whisper server (faster-whisper-server / speaches, LocalAI, whisper.cpp's server).
   */
  baseUrl: string;
  apiKey: string | undefined;
  /** `whisper-1`, `gpt-4o-transcribe`, or the name the self-hosted server gives its model. */
  model: string;
};

/** Sends the audio as it is to `POST {baseUrl}/audio/transcriptions` with the `openai` client. */
export class OpenAiCompatibleTranscriber implements Transcriber {
  readonly name = 'openai-compatible';
  private loaded: { openai: typeof OpenAiModule; client: OpenAI } | undefined;

  constructor(
    private readonly settings: SpeechToTextServiceSettings,
    private readonly timeoutMs: number,
  ) {}

  /** `openai` and its client, loaded at the first voice note rather than at every start. */
  private async load() {
    if (!this.loaded) {
      const openai = await import('openai');
      const client = new openai.default({
        baseURL: this.settings.baseUrl,
        apiKey: this.settings.apiKey ?? 'not-needed',
        timeout: this.timeoutMs,
        // One retry for a busy service (429, 5xx, dropped connection), all within timeoutMs.
        maxRetries: 1,
      });
      this.loaded = { openai, client };
    }
    return this.loaded;
  }

  async transcribe(audio: AudioInput): Promise<Transcript> {
    const bytes = await audioBytes(audio);
    // Services reject an empty upload; an empty voice note has no words either way.
    if (bytes.byteLength === 0) return { text: '' };
    const { openai, client } = await this.load();
    const file = await openai.toFile(bytes, audioFileName(audio), {
      type: 'mimeType' in audio ? audio.mimeType : undefined,
    });
    try {
      const transcription = await client.audio.transcriptions.create(
        { file, model: this.settings.model, response_format: 'json' },
        { signal: AbortSignal.timeout(this.timeoutMs) },
      );
      return { text: tidyTranscript(transcription.text) };
    } catch (error) {
      throw this.failure(openai, error);
    }
  }

  private failure(
    {
      APIConnectionError,
      APIConnectionTimeoutError,
      APIError,
      APIUserAbortError,
    }: typeof OpenAiModule,
    error: unknown,
  ): unknown {
    const service = `The speech-to-text service at ${this.settings.baseUrl}`;
    // A timeout surfaces as the client's own (one attempt) or as the abort of the overall deadline.
    if (error instanceof APIUserAbortError || error instanceof APIConnectionTimeoutError) {
      return new TranscriptionFailed(`${service} did not answer within ${this.timeoutMs} ms`, {
        timedOut: true,
        cause: error,
      });
    }
    if (error instanceof APIConnectionError) {
      return new TranscriptionFailed(`${service} could not be reached: ${error.message}`, {
        cause: error,
      });
    }
    if (error instanceof APIError) {
      return new TranscriptionFailed(`${service} answered ${error.status}: ${error.message}`, {
        status: error.status,
        cause: error,
      });
    }
    return error;
  }
}
