import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { InferenceRequest, InferenceResponse } from './inference-protocol';

const require = createRequire(import.meta.url);

type Job = {
  request: InferenceRequest;
  transfer: ArrayBuffer[];
  resolve: (response: InferenceResponse) => void;
  reject: (error: Error) => void;
};

interface Slot {
  worker: Worker;
  ready: Promise<void>;
  busy: Job | undefined;
  dead: boolean;
}

/**
 * This package ships TypeScript sources. Loader hooks (`--import tsx`) do not reach worker
 * threads, so when running from sources (Vitest, `npm run dev`) the worker starts with a tiny
 * CommonJS bootstrap that installs tsx's require hook and then requires the TypeScript entry. The
 * compiled server (`npm start`) has `inference-worker.js` beside its own bundle and starts it
 * directly.
 */
function startWorker(): Worker {
  const here = fileURLToPath(import.meta.url);
  const ext = path.extname(here);
  const entry = path.join(path.dirname(here), `inference-worker${ext}`);
  if (ext !== '.ts') return new Worker(entry);
  const tsx = (require.resolve.paths('tsx') ?? [])
    .map((dir) => path.join(dir, 'tsx', 'dist', 'cjs', 'api', 'index.cjs'))
    .find((file) => existsSync(file));
  if (!tsx) throw new Error('running vision from TypeScript sources needs the tsx package');
  const bootstrap = `require(${JSON.stringify(tsx)}).register(); require(${JSON.stringify(entry)});`;
  return new Worker(bootstrap, { eval: true });
}

/**
 * One inference worker per core: Human's WASM backend is single-threaded, so parallel frames need
 * parallel threads. Requests queue here and go to the first idle worker.
 */
export class InferencePool {
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private closed = false;

  constructor(size: number) {
    for (let i = 0; i < Math.max(1, size); i++) {
      const worker = startWorker();
      const slot: Slot = {
        worker,
        busy: undefined,
        dead: false,
        ready: new Promise<void>((resolve, reject) => {
          const onMessage = (message: InferenceResponse) => {
            if (message.kind === 'ready') {
              worker.off('error', reject);
              resolve();
            }
          };
          worker.on('message', onMessage);
          worker.once('error', reject);
        }),
      };
      // A failed start is reported to whoever is waiting on a job, not as an unhandled rejection.
      slot.ready.catch(() => undefined);
      worker.on('message', (message: InferenceResponse) => this.settle(slot, message));
      worker.on('error', (error) => this.fail(slot, error));
      worker.on('exit', (code) => {
        if (!this.closed) this.fail(slot, new Error(`inference worker exited with ${code}`));
      });
      this.slots.push(slot);
      void slot.ready.then(() => this.pump());
    }
  }

  get size(): number {
    return this.slots.length;
  }

  /** Waits until every worker has loaded its models. */
  async ready(): Promise<void> {
    await Promise.all(this.slots.map((slot) => slot.ready));
  }

  run(request: InferenceRequest, transfer: ArrayBuffer[] = []): Promise<InferenceResponse> {
    if (this.closed) return Promise.reject(new Error('inference pool is closed'));
    return new Promise((resolve, reject) => {
      this.queue.push({ request, transfer, resolve, reject });
      this.pump();
    });
  }

  /** False once every worker has died: a pool kept for later requests must then be replaced. */
  get usable(): boolean {
    return !this.closed && this.slots.some((slot) => !slot.dead);
  }

  /**
   * Whether the workers keep the process alive. A pool kept idle between requests lets the
   * process exit; one with work holds it until the work is done.
   */
  keepProcessAlive(keep: boolean): void {
    for (const slot of this.slots) {
      if (keep) slot.worker.ref();
      else slot.worker.unref();
    }
  }

  /** Requests waiting or running: the scan keeps this small so frames are not piled in memory. */
  get pending(): number {
    return this.queue.length + this.slots.filter((slot) => slot.busy).length;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const error = new Error('inference pool closed');
    for (const job of this.queue.splice(0)) job.reject(error);
    for (const slot of this.slots) slot.busy?.reject(error);
    await Promise.all(this.slots.map((slot) => slot.worker.terminate()));
  }

  private pump(): void {
    for (const slot of this.slots) {
      if (this.queue.length === 0) return;
      if (slot.busy || slot.dead) continue;
      void slot.ready.then(
        () => {
          if (slot.busy || this.closed) return;
          const job = this.queue.shift();
          if (!job) return;
          slot.busy = job;
          slot.worker.postMessage(job.request, job.transfer);
        },
        () => undefined,
      );
    }
  }

  private settle(slot: Slot, message: InferenceResponse): void {
    if (message.kind === 'ready') return;
    const job = slot.busy;
    slot.busy = undefined;
    if (job) {
      if (message.kind === 'error') job.reject(new Error(message.message));
      else job.resolve(message);
    }
    this.pump();
  }

  private fail(slot: Slot, error: Error): void {
    const job = slot.busy;
    slot.busy = undefined;
    slot.dead = true;
    job?.reject(error);
    // With no worker left, waiting jobs would hang: fail them too.
    if (this.slots.every((s) => s.dead)) {
      for (const waiting of this.queue.splice(0)) waiting.reject(error);
    }
  }
}
