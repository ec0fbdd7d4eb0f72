/**
 * The answer was stopped by its AbortSignal: the asker left or sent a new question. Not an
 * error to show anyone, and the partial answer is not an answer to store.
 */
export class ChatAbortedError extends Error {
  override name = 'ChatAbortedError';
  constructor() {
    super('The answer was stopped');
  }
}

/**
 * The language model failed before or while answering. `message` is fit to show the user;
 * `status` is the model service's HTTP status when it sent one, `cause` the original error.
 */
export class ChatModelError extends Error {
  override name = 'ChatModelError';
  readonly status: number | undefined;
  constructor(message: string, options: { cause?: unknown; status?: number } = {}) {
    super(message, { cause: options.cause });
    this.status = options.status;
  }
}
