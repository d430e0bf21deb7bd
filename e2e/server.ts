import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../scripts/lib/free-port.mjs';

/** The portal a spec file talks to: its address and its data folder (SQLite file, outbox). */
export interface E2eServer {
  baseURL: string;
  dataDir: string;
  stop(): Promise<void>;
  /** Kills the server process outright (SIGKILL), as a crash would; its data folder stays. */
  kill(): Promise<void>;
  /** Starts the server again on the same port and data folder; resolves once it answers. */
  restart(): Promise<void>;
}

/** Resolves once /api/health answers; resolves false if the process ended first. */
async function healthy(url: string, child: ChildProcess, timeoutMs = 60_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) return false;
    try {
      const res = await fetch(url);
      if (res.ok) return true;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not answer ${url} within ${timeoutMs} ms`);
}

function stopped(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}

function spawnApi(build: { apiOut: string; webDist: string }, port: number, dataDir: string): ChildProcess {
  const baseURL = `http://localhost:${port}`;
  return spawn(process.execPath, [build.apiOut], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST: build.webDist,
      PUBLIC_URL: baseURL,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      LOGIN_IP_LIMIT_PER_MINUTE: '10000',
      // Production mode seeds the demo accounts only when asked; the specs log in with them.
      SEED_DEMO: '1',
      // Front-end monitoring on (read by the browser at run time): e2e/monitoring.spec.ts checks
      // what arrives; other specs just run with the agent loaded, as production would.
      PUBLIC_LOGGER_ENABLED: '1',
      PUBLIC_APM_ENVIRONMENT: 'test',
      RUM_INTAKE_LIMIT_PER_MINUTE: '10000',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

/**
 * Starts the production build of the API (serving the built web app) on a free port with a data
 * folder of its own: a fresh SQLite database with the demo accounts, e-mails written as .eml files.
 * Each spec file gets one, so files can run side by side without seeing each other's data.
 *
 * The port is found free and then handed to the process, so another process may take it in
 * between; a server that ends before answering is started again on another port.
 */
export async function startServer(build: { apiOut: string; webDist: string }): Promise<E2eServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-data-'));
  const removeData = () => rmSync(dataDir, { recursive: true, force: true });
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const baseURL = `http://localhost:${port}`;
    let child = spawnApi(build, port, dataDir);
    let up: boolean;
    try {
      up = await healthy(`${baseURL}/api/health`, child);
    } catch (err) {
      // Never answered: a failed file leaves no server and no data folder behind.
      await stopped(child);
      removeData();
      throw err;
    }
    if (up) {
      return {
        baseURL,
        dataDir,
        async stop() {
          await stopped(child);
          removeData();
        },
        async kill() {
          await stopped(child, 'SIGKILL');
        },
        async restart() {
          await stopped(child);
          child = spawnApi(build, port, dataDir);
          // Same port: the browser's page keeps its address. A process that ends at once (the
          // port taken meanwhile) fails the test rather than moving elsewhere.
          if (!(await healthy(`${baseURL}/api/health`, child))) {
            throw new Error(
              `the e2e server did not start again on port ${port}: ${child.exitCode ?? child.signalCode}`,
            );
          }
        },
      };
    }
    if (attempt === 3) {
      removeData();
      throw new Error(`the e2e server ended with ${child.exitCode ?? child.signalCode} three times`);
    }
  }
}
