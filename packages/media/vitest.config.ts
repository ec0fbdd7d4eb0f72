import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'media',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Real ffmpeg on real clips: seconds each while other projects share the two cores.
    testTimeout: 60_000,
  },
});
