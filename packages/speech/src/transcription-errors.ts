/** Every failure a transcriber reports; `code` lets the server choose an HTTP status. */
export abstract class TranscriptionError extends Error {
  abstract readonly code: 'unavailable' | 'unreadable-audio' | 'failed';
}

/** No engine is configured or installed on this machine (the server answers 503). */
export class TranscriptionUnavailable extends TranscriptionError {
  readonly code = 'unavailable';
  override readonly name = 'TranscriptionUnavailable';
}

/** The audio could not be decoded: not audio, or damaged (the server answers 400 or 415). */
export class UnreadableAudio extends TranscriptionError {
  readonly code = 'unreadable-audio';
  override readonly name = 'UnreadableAudio';
}

/**
 * The engine was there but did not produce a transcript: the speech-to-text service answered
 * with an error or not at all, or the local recogniser failed or ran out of time.
 */
export class TranscriptionFailed extends TranscriptionError {
  readonly code = 'failed';
  override readonly name = 'TranscriptionFailed';
  /** The speech-to-text service's HTTP status, when it answered. */
  readonly status: number | undefined;
  readonly timedOut: boolean;

  constructor(
    message: string,
    options: {
      status?: number | undefined;
      timedOut?: boolean;
      cause?: unknown;
    } = {},
  ) {
    super(message, { cause: options.cause });
    this.status = options.status;
    this.timedOut = options.timedOut ?? false;
  }
}
