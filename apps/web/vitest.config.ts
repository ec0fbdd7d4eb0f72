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
  },
});
