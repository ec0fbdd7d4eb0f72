import type { AudioInput, Transcriber, Transcript } from '@filmroom/speech';

/** Every transcription slot is taken and the waiting line is full (the route answers 429). */
export class TranscriberBusy extends Error {
  override readonly name = 'TranscriberBusy';
}

export type TranscriptionLimits = {
  /** Transcriptions running at once in this process. */
  concurrent: number;
  /** Transcriptions that may wait for a slot; one more is refused at once. */
  waiting: number;
};

/**
 * What one process runs at once. pocketsphinx costs about a second of a core and 105 MB per
 * voice note, so two at a time leave the API responsive on a small machine; the rest wait
 * their turn (a few seconds at most) or are told to try again. A remote service does the work
 * elsewhere, so more may be in flight.
 */
const TRANSCRIPTION_LIMITS: Record<Transcriber['name'], TranscriptionLimits> = {
  pocketsphinx: { concurrent: 2, waiting: 6 },
  'openai-compatible': { concurrent: 8, waiting: 16 },
  unavailable: { concurrent: 8, waiting: 0 },
};

/** A transcriber that runs at most `concurrent` transcriptions at once, first come first served. */
export class LimitedTranscriber implements Transcriber {
  private running = 0;
  private readonly queue: (() => void)[] = [];

  constructor(
    private readonly inner: Transcriber,
    private readonly limits: TranscriptionLimits = TRANSCRIPTION_LIMITS[inner.name],
  ) {}

  get name() {
    return this.inner.name;
  }

  /** True when a transcription asked for now would be refused: check before reading an upload. */
  get isFull(): boolean {
    return this.running >= this.limits.concurrent && this.queue.length >= this.limits.waiting;
  }

  async transcribe(audio: AudioInput): Promise<Transcript> {
    await this.acquire();
    try {
      return await this.inner.transcribe(audio);
    } finally {
      this.release();
    }
  }

  private acquire(): Promise<void> {
    if (this.running < this.limits.concurrent) {
      this.running += 1;
      return Promise.resolve();
    }
    if (this.queue.length >= this.limits.waiting) return Promise.reject(new TranscriberBusy());
    // The slot passes straight from the finishing transcription to the first in line.
    return new Promise((resolve) => this.queue.push(resolve));
  }

  private release() {
    const next = this.queue.shift();
    if (next) next();
    else this.running -= 1;
  }
}
