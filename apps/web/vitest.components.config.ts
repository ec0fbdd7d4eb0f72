import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/**
 * Component tests: React components and hooks rendered with Testing Library into happy-dom, a
 * DOM for Node that starts far quicker than a browser. The plain-function tests stay in the
 * `web` project on Node (vitest.config.ts); what needs a real browser stays in e2e.
 */
export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  test: {
    name: 'web-components',
    environment: 'happy-dom',
    include: ['src/**/*.test.tsx'],
    setupFiles: ['src/testing/component-setup.ts'],
    // One DOM and one module graph per worker rather than per file: starting them was most of
    // the time (each test unmounts what it rendered, see the setup file).
    isolate: false,
    // Simulated typing and dragging run at the machine's pace: on a busy CI runner a whole drag
    // can outlast Vitest's 5 s default without anything being wrong.
    testTimeout: 20_000,
  },
});
