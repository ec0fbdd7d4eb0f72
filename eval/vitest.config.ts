import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'eval',
    environment: 'node',
    include: ['*.test.ts'],
    // Scanning the labelled clips with the vision models takes minutes on two cores.
    hookTimeout: 30 * 60_000,
  },
});
