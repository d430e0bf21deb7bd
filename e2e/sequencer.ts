import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Seconds each long end-to-end file took in a whole run (3 files side by side on 2 cores), after
 * docs/decisions/047-ci-time.md. Only the order is read from them: a file that takes more than about
 * a minute and a half belongs here.
 */
const E2E_SECONDS: Record<string, number> = {
  'e2e/accessibility.spec.ts': 240,
  'e2e/screen-audit.spec.ts': 200,
  'e2e/phone-walk.spec.ts': 160,
  'e2e/three-people.spec.ts': 145,
  'e2e/fgts-race.spec.ts': 120,
  'e2e/offline-autosave.spec.ts': 90,
};
/** A file not listed: shorter than the listed ones. */
const DEFAULT_SECONDS = 60;

/**
 * The end-to-end files, 3 at a time, start longest first: the run's last minutes are then short files
 * side by side, not one long file alone. Vitest's own order needs the durations of an earlier run
 * on this machine (its cache); on a fresh clone (CI) it starts the biggest files first, and the
 * longest files here are small ones (a walk over every screen, a race run 20 times), which then
 * started last. Durations from Vitest's cache, when it has them, come first; otherwise the table.
 * Other projects keep Vitest's order.
 */
export default class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const isE2e = (spec: TestSpecification) => spec.project.name === 'e2e';
    const seconds = (spec: TestSpecification) => {
      const key = relative(this.ctx.config.root, spec.moduleId).split('\\').join('/');
      const cached = this.ctx.cache.getFileTestResults(`${spec.project.name}:${key}`);
      return cached?.duration ? cached.duration / 1000 : (E2E_SECONDS[key] ?? DEFAULT_SECONDS);
    };
    const e2e = sorted.filter(isE2e).sort((a, b) => seconds(b) - seconds(a));
    return sorted.map((spec) => (isE2e(spec) ? e2e.shift()! : spec));
  }
}
