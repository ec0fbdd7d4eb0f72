import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { exposedCollector, IdleCollectionPolicy } from './idle-collection';

const MiB = 1024 * 1024;

/** A policy whose collector notes the second it ran in. */
function policyCounting() {
  const collectedAt: number[] = [];
  let second = 0;
  const policy = new IdleCollectionPolicy(() => collectedAt.push(second));
  /** Feeds one utilization figure per second. */
  const run = (...utilizations: number[]) => {
    for (const utilization of utilizations) {
      second += 1;
      policy.second(utilization);
    }
  };
  return { run, collectedAt };
}

const quiet = (seconds: number) => Array<number>(seconds).fill(0.01);

describe('IdleCollectionPolicy', () => {
  it('collects once the loop has been busy and then quiet for two seconds', () => {
    const { run, collectedAt } = policyCounting();
    run(0.9, 0.95, 0.01);
    expect(collectedAt).toEqual([]);
    run(0.01);
    expect(collectedAt).toEqual([4]);
  });

  it('never collects under steady light traffic, however long', () => {
    const { run, collectedAt } = policyCounting();
    run(...Array.from({ length: 600 }, (_, i) => (i % 3 === 0 ? 0.15 : 0.02)));
    expect(collectedAt).toEqual([]);
  });

  it('never collects while the loop is busy, nor in a quiet second between busy ones', () => {
    const { run, collectedAt } = policyCounting();
    run(0.9, 0.01, 0.9, 0.01, 0.9, 0.5, 0.3);
    expect(collectedAt).toEqual([]);
  });

  it('collects once per busy spell, however long the quiet after it', () => {
    const { run, collectedAt } = policyCounting();
    run(0.9, ...quiet(20));
    expect(collectedAt).toEqual([3]);
    run(0.9, 0.6, ...quiet(3));
    expect(collectedAt).toEqual([3, 25]);
  });
});

/** Runs an ES module script in a Node started as the server is (`--expose-gc`); its stdout. */
function runWithExposedGc(script: string): string {
  return execFileSync(
    process.execPath,
    ['--expose-gc', '--import', 'tsx', '--input-type=module', '-e', script],
    { cwd: fileURLToPath(new URL('.', import.meta.url)), encoding: 'utf8' },
  );
}

describe('exposedCollector', () => {
  it('is missing when the process was started without --expose-gc', () => {
    expect(globalThis.gc).toBeUndefined();
    expect(exposedCollector()).toBeUndefined();
  });

  it('frees the garbage of a load and hands its pages back to the system at once', () => {
    // 100k live objects among 2M dead ones: what a burst of requests leaves. A plain gc() frees
    // them too but keeps the emptied pages pooled and resident; Node 20's V8 reads the options
    // as gc(true) and frees next to nothing. Either leaves most of this RSS.
    const script = `
      import { exposedCollector } from './idle-collection.ts';
      const all = [];
      for (let i = 0; i < 2_000_000; i++) all.push({ i, text: 'row ' + i });
      const kept = all.filter((_, i) => i % 20 === 0);
      all.length = 0;
      const before = process.memoryUsage();
      exposedCollector()();
      const after = process.memoryUsage();
      console.log(JSON.stringify({
        usedBefore: before.heapUsed, usedAfter: after.heapUsed,
        rssBefore: before.rss, rssAfter: after.rss, kept: kept.length,
      }));
    `;
    const result = JSON.parse(runWithExposedGc(script)) as {
      usedBefore: number;
      usedAfter: number;
      rssBefore: number;
      rssAfter: number;
      kept: number;
    };
    expect(result.kept).toBe(100_000);
    expect(result.usedBefore).toBeGreaterThan(150 * MiB);
    expect(result.usedAfter).toBeLessThan(result.usedBefore / 5);
    expect(result.rssAfter).toBeLessThan(result.rssBefore / 2);
  });
});
