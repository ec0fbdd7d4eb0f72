import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'child-process',
    environment: 'node',
    include: ['src/**/*.test.ts'],
  },
});
