import { defineConfig } from 'vitest/config';

/**
 * The domain package's unit tests alone, for mutation testing (`npm run mutation`, see
 * stryker.config.mjs). The root vitest.config.ts still runs the same files in its `unit` project.
 */
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    environment: 'node',
  },
});
