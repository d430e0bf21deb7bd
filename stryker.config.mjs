// Mutation testing of packages/domain: `npm run mutation` (not part of `npm test`).
// Why and how to read the result: docs/decisions/023-mutation-testing.md.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'packages/domain/vitest.config.ts', dir: 'packages/domain' },
  plugins: ['@stryker-mutator/vitest-runner'],
  mutate: ['packages/domain/src/**/*.ts', '!packages/domain/src/**/*.test.ts', '!packages/domain/src/testing/**'],
  coverageAnalysis: 'perTest',
  // Static mutants (module-level constants) need a full re-run each; they are left out of the score.
  ignoreStatic: true,
  incremental: true,
  incrementalFile: 'bench/mutation/stryker-incremental.json',
  // The machine is shared: two test processes at most (and `nice`, see package.json).
  concurrency: 2,
  reporters: ['clear-text', 'progress', 'json', 'html'],
  jsonReporter: { fileName: 'bench/mutation/mutation.json' },
  htmlReporter: { fileName: 'bench/mutation/mutation.html' },
  clearTextReporter: { allowColor: false, logTests: false, reportScoreTable: true },
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
  thresholds: { high: 90, low: 80, break: null },
};
