import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type S3TestServer } from '../test/s3-server';
import { buildApi, login, startApi, stopApi, type ApiProcess } from './processes';

/**
 * The built server runs with the production dependencies only, as the container image installs
 * them (`npm ci --omit=dev`, the lockfile, the API workspace): a package the bundle needs at run
 * time but that sits in devDependencies (or nowhere) fails here instead of in production.
 * The copy lives outside the repository, so nothing resolves from the repo's node_modules.
 */
const root = fileURLToPath(new URL('../../..', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'portal-prod-deps-'));
let api: ReturnType<typeof buildApi>;
let s3: S3TestServer;
let server: ApiProcess | undefined;

/** Every workspace's package.json: npm ci checks the lockfile against all of them. */
function copyManifests() {
  copyFileSync(join(root, 'package.json'), join(dir, 'package.json'));
  copyFileSync(join(root, 'package-lock.json'), join(dir, 'package-lock.json'));
  for (const group of ['apps', 'packages'])
    for (const name of readdirSync(join(root, group))) {
      const manifest = join(root, group, name, 'package.json');
      if (!existsSync(manifest)) continue;
      mkdirSync(join(dir, group, name), { recursive: true });
      copyFileSync(manifest, join(dir, group, name, 'package.json'));
    }
}

/**
 * Install scripts are skipped (`--ignore-scripts`): no production dependency needs one (the SQLite
 * driver, better-sqlite3, ships prebuilt Node-API binaries and loads the one of the platform), and a
 * package that starts needing one fails the test, so it is noticed.
 */
function expectNoInstallScripts() {
  const lock = JSON.parse(readFileSync(join(dir, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, { hasInstallScript?: boolean }>;
  };
  const scripted = Object.entries(lock.packages).filter(
    ([path, p]) => p.hasInstallScript && path && existsSync(join(dir, path)),
  );
  expect(scripted.map(([path]) => path)).toEqual([]);
}

beforeAll(async () => {
  api = buildApi();
  s3 = await startS3Server();
}, 120_000);

afterAll(async () => {
  if (server) await stopApi(server);
  await s3?.close();
  api?.remove();
  rmSync(dir, { recursive: true, force: true });
});

describe('the built server with production dependencies only', () => {
  it('installs from the lockfile without dev dependencies, starts, and serves logins, S3 and readiness', async () => {
    copyManifests();
    const install = spawnSync(
      'npm',
      [
        'ci',
        '--omit=dev',
        '--ignore-scripts',
        '--workspace',
        '@portal/api',
        '--no-audit',
        '--no-fund',
        '--prefer-offline',
      ],
      { cwd: dir, encoding: 'utf8', env: { ...process.env, NODE_ENV: 'production' } },
    );
    expect(install.status, install.stderr).toBe(0);
    // Dev tools and the web app's packages are not there: the test would prove nothing otherwise.
    for (const absent of ['vitest', 'vite', 'typescript', 's3rver', 'antd'])
      expect(existsSync(join(dir, 'node_modules', absent))).toBe(false);
    expectNoInstallScripts();

    const entry = join(dir, 'apps/api/dist/main.js');
    mkdirSync(dirname(entry), { recursive: true });
    copyFileSync(api.entry, entry);
    server = await startApi(entry, { DATA_DIR: join(dir, 'data'), WEB_DIST: join(dir, 'no-web'), ...s3.env });
    // argon2 + SQLite (login), the AWS SDK loaded on first use (readiness lists the bucket).
    expect(await login(server.base, 'comprador@demo.com.br')).toContain('access_token=');
    const ready = await fetch(`${server.base}/api/health/ready`);
    expect(await ready.json()).toEqual({ ok: true, checks: { database: 'ok', storage: 'ok' } });
  });
});
