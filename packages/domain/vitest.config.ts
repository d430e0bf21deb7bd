import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * The domain package's unit tests alone: `npx vitest run -c packages/domain/vitest.config.ts` from
 * anywhere, and mutation testing (`npm run mutation`, see stryker.config.mjs). The root
 * vitest.config.ts runs the same files in its `unit` project, with the same pool settings.
 *
 * The tests are pure functions over plain values: one module graph for every file (`isolate:
 * false`, worker threads) saves a re-import of zod and the domain per file, most of the run's
 * time. A test that fakes the clock restores it in `afterAll`. Under Stryker (which sets
 * STRYKER_MUTATOR_WORKER in its test processes) each file keeps its own modules, so that no value
 * computed while one mutant was active is reused for the next.
 */
export default defineConfig({
  test: {
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['src/**/*.test.ts'],
    environment: 'node',
    pool: 'threads',
    isolate: process.env.STRYKER_MUTATOR_WORKER !== undefined,
  },
});
