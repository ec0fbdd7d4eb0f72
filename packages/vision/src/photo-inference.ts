import type { InferenceRequest, InferenceResponse } from './inference-protocol';
import { InferencePool } from './worker-pool';

/**
 * How long the photo worker stays loaded after its last photo. Loading the models costs a second
 * or two of CPU; a coach adding a roster's photos one after another pays it once, and an idle
 * server gives the worker's memory back soon after.
 */
const IDLE_CLOSE_MS = 30_000;

let pool: InferencePool | undefined;
let running = 0;
let idleTimer: NodeJS.Timeout | undefined;

/**
 * Runs one photo request on the shared photo worker, starting it if needed. Photos are small
 * and rare next to video scans, so one worker serves them all in turn.
 */
export async function runPhotoInference(
  request: InferenceRequest,
  transfer: ArrayBuffer[],
): Promise<InferenceResponse> {
  clearTimeout(idleTimer);
  if (!pool?.usable) pool = new InferencePool(1);
  const current = pool;
  running++;
  current.keepProcessAlive(true);
  try {
    return await current.run(request, transfer);
  } finally {
    running--;
    if (!current.usable) {
      // A worker that died takes its pool with it; the next photo starts a fresh one.
      if (pool === current) pool = undefined;
      void current.close();
    } else if (running === 0) {
      current.keepProcessAlive(false);
      idleTimer = setTimeout(() => void closePhotoInference(), IDLE_CLOSE_MS).unref();
    }
  }
}

/** Stops the photo worker; the next photo starts it again. */
async function closePhotoInference(): Promise<void> {
  clearTimeout(idleTimer);
  const closing = pool;
  pool = undefined;
  await closing?.close();
}
