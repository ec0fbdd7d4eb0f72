import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'vision',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Model inference on WASM: seconds per clip on a 2-core machine.
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
