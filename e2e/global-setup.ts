import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    dataDir: string;
  }
}

const root = fileURLToPath(new URL('..', import.meta.url));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

async function waitFor(url: string, child: ChildProcess, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not answer ${url}`);
}

/**
 * Builds the app as production does and starts it once for the whole e2e run, on a free port
 * with its own data folder (fresh SQLite, demo data, e-mails as .eml files).
 */
export default async function setup(project: TestProject) {
  // A private build per run (several runs may overlap on one machine and must not share dist/).
  // Vitest runs with NODE_ENV=test; inherited, it would make Vite bundle React's development build.
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-'));
  const webDist = join(dataDir, 'web');
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
  const port = await freePort();
  const baseURL = `http://localhost:${port}`;
  const server = spawn(process.execPath, [apiOut], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST: webDist,
      PUBLIC_URL: baseURL,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      LOGIN_IP_LIMIT_PER_MINUTE: '10000',
      // Production mode seeds the demo accounts only when asked; the specs log in with them.
      SEED_DEMO: '1',
      // Front-end monitoring on (read by the browser at run time): e2e/monitoring.spec.ts checks what
      // arrives; other specs just run with the agent loaded, as production would.
      PUBLIC_LOGGER_ENABLED: '1',
      PUBLIC_APM_ENVIRONMENT: 'test',
      RUM_INTAKE_LIMIT_PER_MINUTE: '10000',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitFor(`${baseURL}/api/health`, server);
  project.provide('baseURL', baseURL);
  project.provide('dataDir', dataDir);
  return async () => {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(dirname(apiOut), { recursive: true, force: true });
  };
}
