import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApi, login, startApi, stopApi, type ApiProcess } from './processes';

/**
 * The built server started as an operator would (docs/deploy.md): a bad setting stops the start
 * with its name; production on an empty PostgreSQL has no demo account; `migrate` is its own step;
 * readiness answers; SIGTERM ends with exit 0.
 */
let api: ReturnType<typeof buildApi>;
const dataDir = mkdtempSync(join(tmpdir(), 'portal-prod-'));

beforeAll(() => {
  api = buildApi();
}, 120_000);

// A server that starts instead of refusing would never exit: it is killed when its test times out.
const running = new Set<ChildProcess>();
afterEach(() => {
  for (const child of running) child.kill('SIGKILL');
  running.clear();
});

afterAll(() => {
  api?.remove();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Runs the server with a clean environment of its own and waits for it to exit by itself. */
function runToExit(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [api.entry, ...args], {
      env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, LOG_LEVEL: 'error', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    running.add(child);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('a start with a bad configuration', { timeout: 60_000 }, () => {
  it('PORT=abc exits non-zero naming PORT', async () => {
    const r = await runToExit([], { PORT: 'abc' });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('Invalid configuration:');
    expect(r.stderr).toContain('PORT: must be a whole number (got "abc")');
  });

  it('PostgreSQL without HEALTH_DATA_KEY exits non-zero naming it, with every other problem in the same list', async () => {
    const r = await runToExit([], { DATABASE_URL: 'postgres://portal@127.0.0.1:1/portal', TRUST_PROXY: 'true' });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('HEALTH_DATA_KEY: required with PostgreSQL');
    expect(r.stderr).toContain('TRUST_PROXY: must be a number of proxy hops');
  });

  it('`rotate-health-key` without the new key exits non-zero naming it', async () => {
    const r = await runToExit(['rotate-health-key'], {});
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('HEALTH_DATA_KEY: required (the new key)');
  });

  it('an unknown command exits non-zero', async () => {
    const r = await runToExit(['migrat'], {});
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('Unknown command "migrat"');
  });
});

describe('what the built server loads when it starts', () => {
  // Each of these holds megabytes once imported (the PDF writer about 35 MB, the Redis client 9,
  // the S3 SDK 23; nodemailer and pg-boss 25–28 imported alone): an instance loads one only when it writes
  // a PDF, has REDIS_URL, stores files on S3 (the tus S3 store brings the SDK too), sends an e-mail
  // or runs its jobs on PostgreSQL, which keeps an upload's peak memory under its budget
  // (docs/decisions/005-documents.md, docs/decisions/058-api-memory.md).
  const ON_FIRST_USE = [
    '@cantoo/pdf-lib',
    'ioredis',
    '@aws-sdk/client-s3',
    '@aws-sdk/lib-storage',
    '@tus/s3-store',
    'nodemailer',
    'pg-boss',
  ];

  it('imports the PDF writer, the Redis client, the S3 SDK, the mailer and pg-boss on first use, not at start', () => {
    const bundle = readFileSync(api.entry, 'utf8');
    const atStart = new Set([...bundle.matchAll(/^import\b[^;]*?["']([^"']+)["'];?$/gm)].map((m) => m[1]));
    const onUse = new Set([...bundle.matchAll(/\bimport\(["']([^"']+)["']\)/g)].map((m) => m[1]));
    expect(atStart).toContain('fastify');
    for (const name of ON_FIRST_USE) {
      expect(atStart, name).not.toContain(name);
      expect(onUse, name).toContain(name);
    }
  });
});

describe('the plain local start (the README quick start)', () => {
  it('seeds the demo accounts into an empty SQLite database', async () => {
    const local = await startApi(api.entry, {
      NODE_ENV: '',
      SEED_DEMO: '',
      HEALTH_DATA_KEY: '',
      DATA_DIR: join(dataDir, 'local'),
    });
    try {
      expect(await login(local.base, 'comprador@demo.com.br')).toContain('access_token=');
    } finally {
      await stopApi(local);
    }
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('production on an empty PostgreSQL', () => {
  const name = `prodstart_${process.pid}_${randomBytes(3).toString('hex')}`;
  let databaseUrl: string;
  let server: ApiProcess | undefined;
  const admin = async (query: string) => {
    const c = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await c.connect();
    try {
      return await c.query(query);
    } finally {
      await c.end();
    }
  };

  beforeAll(async () => {
    await admin(`create database ${name}`);
    const u = new URL(process.env.TEST_DATABASE_URL!);
    u.pathname = `/${name}`;
    databaseUrl = u.toString();
  });

  afterAll(async () => {
    if (server) await stopApi(server, 'SIGKILL');
    await admin(`drop database if exists ${name} with (force)`);
  });

  it('`migrate` creates the schema and exits 0 without serving', async () => {
    const r = await runToExit(['migrate'], {
      DATABASE_URL: databaseUrl,
      HEALTH_DATA_KEY: randomBytes(32).toString('base64'),
    });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const c = new pg.Client({ connectionString: databaseUrl });
    await c.connect();
    const tables = await c.query(
      `select count(*)::int as n from information_schema.tables where table_name in ('users', 'proposals')`,
    );
    const users = await c.query('select count(*)::int as n from users');
    await c.end();
    expect(tables.rows[0].n).toBe(2);
    expect(users.rows[0].n).toBe(0);
  });

  it('`rotate-health-key` runs as a command and exits 0 when every answer opens', async () => {
    const r = await runToExit(['rotate-health-key'], {
      DATABASE_URL: databaseUrl,
      HEALTH_DATA_KEY: randomBytes(32).toString('base64'),
      HEALTH_DATA_KEY_PREVIOUS: randomBytes(32).toString('base64'),
    });
    expect(r.stderr).toBe('');
    expect(r.stdout).toContain('Health answers re-encrypted with the current key: 0.');
    expect(r.code).toBe(0);
  });

  it('seeds no demo account: the demo operator login answers 401; ready, and SIGTERM exits 0', async () => {
    server = await startApi(api.entry, {
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      SEED_DEMO: '',
      PUBLIC_URL: 'https://propostas.example.com.br',
    });
    const res = await fetch(`${server.base}/api/v3/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://propostas.example.com.br' },
      body: JSON.stringify({ username: 'operador@demo.com.br', password: 'Demo@2026!', type: 'operator' }),
    });
    expect(res.status).toBe(401);
    const ready = await fetch(`${server.base}/api/health/ready`);
    expect(ready.status).toBe(200);
    const exited = new Promise<number | null>((resolve) => server!.child.once('exit', (code) => resolve(code)));
    server.child.kill('SIGTERM');
    expect(await exited).toBe(0);
    server = undefined;
  });
});
