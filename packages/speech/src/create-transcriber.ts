import { tmpdir } from 'node:os';
import type { AudioInput } from './audio';
import {
  OpenAiCompatibleTranscriber,
  type SpeechToTextServiceSettings,
} from './openai-transcriber';
import {
  DEBIAN_POCKETSPHINX,
  locatePocketsphinx,
  PocketsphinxTranscriber,
  type PocketsphinxSettings,
} from './pocketsphinx-transcriber';
import type { Transcriber, Transcript } from './transcriber';
import { TranscriptionUnavailable } from './transcription-errors';

export type TranscriptionSettings = {
  /** An OpenAI-compatible speech-to-text service. When set it is the engine, pocketsphinx is not used. */
  service?: SpeechToTextServiceSettings | undefined;
  /** Where the offline engine is (default: Debian's `pocketsphinx_continuous` and en-us model). */
  pocketsphinx?: Partial<PocketsphinxSettings>;
  /** The longest one transcription may take, in ms, external programs included. */
  timeoutMs?: number;
  /** Where temporary audio files go (default: the system's temporary folder). */
  temporaryDirectory?: string;
};

// Generous: pocketsphinx needs about 0.15 s of CPU per second of speech (56 s took 8.5 s), so
// this covers voice notes of several minutes on a busy machine; a slow service gets the same.
const DEFAULT_TIMEOUT_MS = 120_000;

/**
 * The transcriber this machine can offer, chosen once (at start-up): the configured
 * speech-to-text service, else pocketsphinx when it is installed, else one that explains how to
 * enable transcription each time it is asked.
 */
export async function createTranscriber(
  settings: TranscriptionSettings = {},
): Promise<Transcriber> {
  const timeoutMs = settings.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  if (settings.service) return new OpenAiCompatibleTranscriber(settings.service, timeoutMs);

  const pocketsphinx = { ...DEBIAN_POCKETSPHINX, ...settings.pocketsphinx };
  const located = await locatePocketsphinx(pocketsphinx);
  if ('missing' in located) return new UnavailableTranscriber(located.missing);
  return new PocketsphinxTranscriber({
    command: located.command,
    modelDir: pocketsphinx.modelDir,
    timeoutMs,
    temporaryDirectory: settings.temporaryDirectory ?? tmpdir(),
  });
}

/** How whoever runs the server turns transcription on (said to them, never to a coach). */
export const HOW_TO_ENABLE_TRANSCRIPTION =
  'To enable it, install the offline engine (sudo apt-get install pocketsphinx pocketsphinx-en-us) ' +
  'or set STT_BASE_URL, STT_API_KEY and STT_MODEL to an OpenAI-compatible speech-to-text service.';

/** Stands in when no engine is available, so the server can answer 503 with the remedy. */
class UnavailableTranscriber implements Transcriber {
  readonly name = 'unavailable';

  constructor(private readonly reason: string) {}

  async transcribe(_audio: AudioInput): Promise<Transcript> {
    throw new TranscriptionUnavailable(
      `Transcription is not available: ${this.reason}. ${HOW_TO_ENABLE_TRANSCRIPTION}`,
    );
  }
}
