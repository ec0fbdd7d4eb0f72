import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'eval',
    environment: 'node',
    include: ['*.test.ts'],
    // Scanning the labelled clips with the vision models takes minutes on two cores.
    hookTimeout: 30 * 60_000,
    // One file at a time: every file reads the same cached scans, and two files started together
    // would each scan all 28 clips before either had cached one.
    fileParallelism: false,
  },
});
