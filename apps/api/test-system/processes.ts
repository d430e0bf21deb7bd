import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../../scripts/lib/free-port.mjs';

const root = fileURLToPath(new URL('../../..', import.meta.url));

/** Builds a private copy of the API bundle (inside the repo so it finds node_modules). */
export function buildApi(): { entry: string; remove(): void } {
  const entry = join(root, 'apps/api/dist', `system-${process.pid}-${Date.now()}`, 'main.js');
  const r = spawnSync(process.execPath, [join(root, 'apps/api/build.mjs')], {
    env: { ...process.env, OUTFILE: entry },
    stdio: 'inherit',
  });
  if (r.status !== 0) throw new Error('API build failed');
  return { entry, remove: () => rmSync(dirname(entry), { recursive: true, force: true }) };
}

/** One health data key for every instance a test starts (PostgreSQL requires one). */
export const SYSTEM_HEALTH_KEY = randomBytes(32).toString('base64');

/**
 * The environment of an API process the system tests start on `port`: production mode, with the
 * demo data (production seeds none by default and these tests log in as demo accounts).
 */
export function apiEnv(port: number, env: Record<string, string>): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    LOG_LEVEL: 'error',
    PUBLIC_URL: `http://localhost:${port}`,
    LOGIN_IP_LIMIT_PER_MINUTE: '100000',
    SEED_DEMO: '1',
    HEALTH_DATA_KEY: SYSTEM_HEALTH_KEY,
    ...env,
  };
}

export interface ApiProcess {
  child: ChildProcess;
  base: string;
  /** What the process wrote to stderr so far (only with `captureStderr`; otherwise it goes to the test's). */
  stderr(): string;
}

export interface StartOptions {
  /** Node options before the entry, e.g. the ones `npm start` and the image run with. */
  nodeArgs?: string[];
  /** Keep stderr for the test to read instead of passing it through. */
  captureStderr?: boolean;
}

/** Starts one API process and waits until /api/health answers. */
export async function startApi(
  entry: string,
  env: Record<string, string>,
  options: StartOptions = {},
): Promise<ApiProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), entry], {
    env: apiEnv(port, env),
    stdio: ['ignore', 'ignore', options.captureStderr ? 'pipe' : 'inherit'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const base = `http://127.0.0.1:${port}`;
  const api = { child, base, stderr: () => stderr };
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `API exited with ${child.exitCode ?? child.signalCode} before answering${stderr ? `:\n${stderr}` : ''}`,
      );
    }
    try {
      if ((await fetch(`${base}/api/health`)).ok) return api;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  child.kill('SIGKILL');
  throw new Error('API did not start');
}

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** Sends the signal and resolves once the process has exited, with how it exited. */
export function stopApi(api: ApiProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<Exit> {
  return new Promise((resolve) => {
    const { child } = api;
    if (child.exitCode !== null || child.signalCode !== null) {
      return resolve({ code: child.exitCode, signal: child.signalCode });
    }
    child.once('exit', (code, exitSignal) => resolve({ code, signal: exitSignal }));
    child.kill(signal);
  });
}

/** Logs in and returns the Cookie header value. */
export async function login(base: string, username: string, password = 'Demo@2026!', type = 'buyer'): Promise<string> {
  const res = await fetch(`${base}/api/v3/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password, type }),
  });
  if (res.status !== 200) throw new Error(`login ${res.status}: ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** The server of TEST_DATABASE_URL, as its admin client reaches it. */
async function onTestServer(run: (admin: pg.Client) => Promise<unknown>): Promise<void> {
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  try {
    await run(admin);
  } finally {
    await admin.end();
  }
}

/** A new, empty database on the server of TEST_DATABASE_URL (any older one of the name dropped); its URL. */
export async function createTestDatabase(name: string): Promise<string> {
  await onTestServer(async (admin) => {
    await admin.query(`drop database if exists ${name}`);
    await admin.query(`create database ${name}`);
  });
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Drops a database made by createTestDatabase, closing whatever connection is still open on it. */
export async function dropTestDatabase(name: string): Promise<void> {
  await onTestServer((admin) => admin.query(`drop database if exists ${name} with (force)`));
}
