import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  test: {
    name: 'web',
    // The fetch layer is tested against a real HTTP server, which needs Node, not a DOM.
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // Small files of plain functions: run one after another in each worker process instead of
    // a fresh one each, whose start cost more than all the tests together.
    isolate: false,
  },
});
