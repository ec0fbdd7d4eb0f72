import { performance, type EventLoopUtilization } from 'node:perf_hooks';

/**
 * Gives memory back soon after a burst of work. V8 collects garbage when the program allocates,
 * so a server that goes quiet after a load keeps the garbage of that load, and the pages that
 * held it, until V8's own memory reducer gets round to it. Measured on the list endpoint (issue
 * 33, Node 24): 142 MiB idle, 259–262 MiB ten seconds after a 15 s burst and still 262 MiB 40 s
 * later, while heap snapshots show the same 35–36 MiB live before the burst, 2 s after it and
 * 40 s after it: the rest is garbage and freed pages that V8 keeps pooled for reuse.
 *
 * Once the event loop has been busy and then quiet for a couple of seconds, V8's "last resort"
 * collection runs (what V8 itself does before running out of memory: full collections that
 * compact the heap and release its pooled pages). One is enough: measured after a list burst,
 * heap 122–147 → 38 MiB and RSS back within 7% of idle, in a pause of 0.2–0.5 s on a busy
 * machine; a second one gave back under 2 MiB more. It needs `--expose-gc` (the start script
 * and the service units pass it); without it this does nothing.
 */
const CHECK_EVERY_MS = 1000;
/** A second with the loop busier than this is work worth collecting after. */
const BUSY = 0.2;
/** Quieter than this is idle: timers, a heartbeat, a lone request. */
const QUIET = 0.05;
const QUIET_SECONDS_BEFORE_COLLECTING = 2;

/**
 * When to collect, from the event loop's utilization second by second (0–1): once after a busy
 * spell, when two quiet seconds have followed it. Steady light traffic never counts as busy, so
 * it never pays for a collection, and a collection never runs in a busy second.
 */
export class IdleCollectionPolicy {
  private owed = false;
  private quietSeconds = 0;

  constructor(private readonly collect: () => void) {}

  /** Called once a second with that second's utilization. */
  second(utilization: number): void {
    if (utilization > BUSY) this.owed = true;
    this.quietSeconds = utilization < QUIET ? this.quietSeconds + 1 : 0;
    if (!this.owed || this.quietSeconds < QUIET_SECONDS_BEFORE_COLLECTING) return;
    this.collect();
    this.owed = false;
  }
}

/** Starts collecting when idle after work; nothing at all when `collect` is missing. */
export function collectGarbageWhenIdle(
  collect: (() => void) | undefined = exposedCollector(),
): void {
  if (!collect) return;
  const policy = new IdleCollectionPolicy(collect);
  let last: EventLoopUtilization = performance.eventLoopUtilization();
  const timer = setInterval(() => {
    policy.second(performance.eventLoopUtilization(last).utilization);
    // Read after any collection: its own pause must not count as work.
    last = performance.eventLoopUtilization();
  }, CHECK_EVERY_MS);
  timer.unref();
}

/**
 * V8's "last resort" collection. Only the options form asks for it; plain `gc()` is a full
 * collection that frees the garbage but leaves its pages pooled and resident (measured: heap
 * 130 → 43 MiB, RSS unchanged at 280 MiB). Node 24's V8 reads `flavor`; Node 20's reads this
 * object as the legacy `gc(true)`, a young-generation collection that frees next to nothing.
 */
export function exposedCollector(): (() => void) | undefined {
  const gc = globalThis.gc;
  return gc && (() => void gc({ type: 'major', execution: 'sync', flavor: 'last-resort' }));
}
