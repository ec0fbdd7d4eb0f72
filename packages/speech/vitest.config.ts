import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'speech',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // ffmpeg and pocketsphinx run for about a second per clip; more while other projects run.
    testTimeout: 30_000,
  },
});
