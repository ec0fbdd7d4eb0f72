import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      'packages/contract',
      'packages/child-process',
      'packages/media',
      'packages/vision',
      'packages/coach',
      'packages/speech',
      'apps/server',
      'apps/web',
      'apps/web/vitest.components.config.ts',
      'scripts',
    ],
    // Two files at a time suits a 2-core machine; server files each have a database of their own.
    maxWorkers: 2,
  },
});
