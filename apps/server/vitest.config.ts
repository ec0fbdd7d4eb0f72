import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['./test/global-setup.ts'],
    // Files run one after another in each worker process, sharing its loaded modules: every
    // file builds its own app, database and data folder (test/test-app.ts), so nothing of one
    // file's state reaches the next, and the server's module graph is loaded twice per run
    // instead of once per file (on two cores that load was a sixth of the run).
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
