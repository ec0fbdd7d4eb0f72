import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'scripts',
    environment: 'node',
    include: ['*.test.ts'],
    // Loading the ESLint configuration (TypeScript parser and all) takes a few seconds.
    testTimeout: 60_000,
  },
});
