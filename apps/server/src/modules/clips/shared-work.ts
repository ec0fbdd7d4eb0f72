/** What one piece of work does: it stops (and rejects) when `signal` aborts. */
export type Work = (signal: AbortSignal) => Promise<void>;

type Entry = {
  key: string;
  work: Work;
  controller: AbortController;
  waiters: number;
  started: boolean;
  done: Promise<void>;
  settle: { resolve: () => void; reject: (error: unknown) => void };
};

const gaveUp = () => new DOMException('Nobody waits for this work any more', 'AbortError');

/**
 * Work that costs minutes of CPU (a clip's encode), run a few at a time in this process and
 * shared by key: everyone asking for the same key waits on one run, and when the last of them
 * leaves (their request closed) the run is dropped from the queue or stopped where it is, so a
 * client that gives up leaves nothing running.
 */
export class SharedWorkQueue {
  private readonly entries = new Map<string, Entry>();
  private readonly queued: Entry[] = [];
  private running = 0;

  constructor(private readonly concurrency: number) {}

  /** Runs (or joins the run of) `key`'s work; `leave` aborting means this waiter left. */
  wait(key: string, work: Work, leave?: AbortSignal): Promise<void> {
    if (leave?.aborted) return Promise.reject(gaveUp());
    const entry = this.entries.get(key) ?? this.enqueue(key, work);
    entry.waiters += 1;
    return new Promise<void>((resolve, reject) => {
      const onLeave = () => {
        reject(gaveUp());
        this.leave(entry);
      };
      leave?.addEventListener('abort', onLeave, { once: true });
      entry.done.then(resolve, reject).finally(() => leave?.removeEventListener('abort', onLeave));
    });
  }

  /** How many runs are under way and how many wait for a slot (for tests and the log). */
  get load(): { running: number; queued: number } {
    return { running: this.running, queued: this.queued.length };
  }

  private enqueue(key: string, work: Work): Entry {
    let settle!: Entry['settle'];
    const done = new Promise<void>((resolve, reject) => (settle = { resolve, reject }));
    // Waiters each handle the outcome; this keeps a run nobody waits for from being "unhandled".
    done.catch(() => {});
    const entry: Entry = {
      key,
      work,
      controller: new AbortController(),
      waiters: 0,
      started: false,
      done,
      settle,
    };
    this.entries.set(key, entry);
    this.queued.push(entry);
    this.pump();
    return entry;
  }

  private leave(entry: Entry): void {
    entry.waiters -= 1;
    if (entry.waiters > 0) return;
    // The next request for the key starts afresh rather than joining a run being stopped.
    if (this.entries.get(entry.key) === entry) this.entries.delete(entry.key);
    if (!entry.started) {
      this.queued.splice(this.queued.indexOf(entry), 1);
      entry.settle.reject(gaveUp());
      return;
    }
    entry.controller.abort(gaveUp());
  }

  private pump(): void {
    while (this.running < this.concurrency && this.queued.length > 0) {
      const entry = this.queued.shift()!;
      entry.started = true;
      this.running += 1;
      entry
        .work(entry.controller.signal)
        .then(entry.settle.resolve, entry.settle.reject)
        .finally(() => {
          this.running -= 1;
          if (this.entries.get(entry.key) === entry) this.entries.delete(entry.key);
          this.pump();
        });
    }
  }
}
