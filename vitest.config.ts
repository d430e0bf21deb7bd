import { defineConfig } from 'vitest/config';
import LongestFirstSequencer from './e2e/sequencer.ts';

/**
 * Three projects: unit (pure functions, next to the code), api (Fastify inject on SQLite and, when
 * TEST_DATABASE_URL is set, PostgreSQL) and e2e (the built app in headless Chromium).
 */
export default defineConfig({
  test: {
    // The e2e files start longest first (e2e/sequencer.ts).
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/web/src/**/*.test.{ts,tsx}',
            'apps/api/src/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          environment: 'node',
          // Pure functions over plain values: one module graph for all the files (no re-import of
          // zod, antd's types or the domain per file) in worker threads. A unit test must not leave
          // state behind: no module mocks, a faked clock restored in afterAll.
          pool: 'threads',
          isolate: false,
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/api/test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'system',
          include: ['apps/api/test-system/**/*.test.ts'],
          environment: 'node',
          testTimeout: 600_000,
          hookTimeout: 120_000,
          // Each file starts its own API processes: one file at a time keeps 2 cores honest.
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.spec.ts'],
          environment: 'node',
          globalSetup: ['e2e/global-setup.ts'],
          setupFiles: ['e2e/server-per-file.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // expect.poll waits as long as a Playwright wait does (e2e/fixtures.ts: 10 s), not
          // Vitest's 1 s: three files share 2 cores, so what the page does in 100 ms alone can
          // take seconds here, and a poll that gives up first fails on a slow box, not on a bug.
          expect: { poll: { timeout: 10_000 } },
          // Each file has its own server, database and Chromium, so files run side by side: a file
          // spends most of its time waiting on the browser and the server, and 3 at once keep
          // 2 cores busy (decision record docs/decisions/034-e2e-files-in-parallel.md).
          maxWorkers: 3,
        },
      },
    ],
  },
});
