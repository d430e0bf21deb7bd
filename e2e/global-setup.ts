import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The production build the spec files' servers run: the API bundle and the built web app. */
    build: { apiOut: string; webDist: string };
  }
}

const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * Builds the app once for the whole e2e run, as production does; each spec file then starts its
 * own server from this build (e2e/server-per-file.ts).
 */
export default function setup(project: TestProject) {
  // A private build per run (several runs may overlap on one machine and must not share dist/).
  // Vitest runs with NODE_ENV=test; inherited, it would make Vite bundle React's development build.
  const buildDir = mkdtempSync(join(tmpdir(), 'portal-e2e-build-'));
  const webDist = join(buildDir, 'web');
  const apiOut = join(root, 'apps/api/dist', `e2e-${process.pid}`, 'main.js');
  const env = { ...process.env, NODE_ENV: 'production' };
  const web = spawnSync('npx', ['vite', 'build', '--outDir', webDist, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: join(root, 'apps/web'),
    stdio: 'inherit',
    env,
  });
  const api = spawnSync(process.execPath, [join(root, 'apps/api/build.mjs')], {
    cwd: root,
    stdio: 'inherit',
    env: { ...env, OUTFILE: apiOut },
  });
  if (web.status !== 0 || api.status !== 0) throw new Error('build failed');
  project.provide('build', { apiOut, webDist });
  return () => {
    rmSync(buildDir, { recursive: true, force: true });
    rmSync(dirname(apiOut), { recursive: true, force: true });
  };
}
