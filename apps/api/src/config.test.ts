import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, ConfigError, loadConfig, startupWarnings } from './config';

const KEY = randomBytes(32).toString('base64');
const PG = 'postgres://portal:secret@db:5432/portal';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  throw new Error('the configuration was accepted');
}

describe('configuration from the environment', () => {
  it('refuses a bad value instead of falling back to the default, naming the variable', () => {
    const problems = problemsOf({ PORT: 'abc' });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^PORT: must be a whole number \(got "abc"\)$/);
    expect(problemsOf({ PORT: '70000' })[0]).toMatch(/^PORT: must be between 0 and 65535/);
  });

  it('lists every problem at once, contradictions included', () => {
    const problems = problemsOf({
      PORT: '30x',
      LOG_LEVEL: 'verbose',
      SESSION_IDLE_MINUTES: 'soon',
      S3_ACCESS_KEY_ID: 'AKIA',
      CLAMAV_PORT: '3310',
    });
    const names = problems.map((p) => p.split(':')[0]);
    expect(names).toEqual(
      expect.arrayContaining([
        'PORT',
        'LOG_LEVEL',
        'SESSION_IDLE_MINUTES',
        'S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY',
        'CLAMAV_PORT',
      ]),
    );
    expect(new ConfigError(problems).message).toContain('\n  - LOG_LEVEL: must be one of fatal, error, warn, info');
  });

  it('checks the variables the documents module reads too', () => {
    expect(
      problemsOf({ UPLOAD_MAX_MB: 'big', CLAMAV_HOST: 'clamd', CLAMAV_TIMEOUT_MS: '-5' }).map((p) => p.split(':')[0]),
    ).toEqual(['UPLOAD_MAX_MB', 'CLAMAV_TIMEOUT_MS']);
  });

  it('treats empty values as unset and keeps the local defaults', () => {
    const config = loadConfig({ PORT: '', DATABASE_URL: '', REDIS_URL: '' });
    expect(config.port).toBe(3000);
    expect(config.databaseDialect).toBe('sqlite');
    expect(config.redisUrl).toBeNull();
    expect(config.trustProxy).toBe(false);
  });

  it('refuses PostgreSQL without HEALTH_DATA_KEY, and a key that is not 32 bytes', () => {
    expect(problemsOf({ DATABASE_URL: PG })).toEqual([
      expect.stringMatching(/^HEALTH_DATA_KEY: required with PostgreSQL/),
    ]);
    const short = problemsOf({ DATABASE_URL: PG, HEALTH_DATA_KEY: randomBytes(16).toString('base64') });
    expect(short).toEqual([expect.stringMatching(/^HEALTH_DATA_KEY: must be the base64 of 32 random bytes/)]);
    // The secret itself never appears in the message.
    expect(problemsOf({ HEALTH_DATA_KEY: 'not-a-key-at-all' }).join()).not.toContain('not-a-key-at-all');
    expect(loadConfig({ DATABASE_URL: PG, HEALTH_DATA_KEY: KEY }).databaseDialect).toBe('postgres');
    expect(problemsOf({ HEALTH_DATA_KEY_PREVIOUS: KEY })[0]).toMatch(/^HEALTH_DATA_KEY_PREVIOUS:/);
  });

  it('does not leak the database password in a problem', () => {
    expect(problemsOf({ DATABASE_URL: 'mysql://root:hunter2@db/portal' })).toEqual([
      'DATABASE_URL: must be postgres://… or the path of a SQLite file',
    ]);
  });

  it('TRUST_PROXY takes a hop count or a list of proxy addresses, never "trust everything"', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.0.1.0/24,::1' }).trustProxy).toEqual([
      '10.0.0.1',
      '10.0.1.0/24',
      '::1',
    ]);
    expect(problemsOf({ TRUST_PROXY: 'true' })[0]).toMatch(/^TRUST_PROXY: must be a number of proxy hops/);
    expect(problemsOf({ TRUST_PROXY: '10.0.0.1,proxy.local' })[0]).toContain('"proxy.local"');
    expect(problemsOf({ TRUST_PROXY: '10.0.0.0/33' })[0]).toContain('"10.0.0.0/33"');
  });
});

describe('demo data', () => {
  it('is seeded on the plain local start only', () => {
    expect(loadConfig({}).seedDemo).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).seedDemo).toBe(false);
    expect(loadConfig({ PUBLIC_URL: 'https://propostas.example.com.br' }).seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: PG, HEALTH_DATA_KEY: KEY }).seedDemo).toBe(false);
    expect(loadConfig({ SEED_DEMO: '0' }).seedDemo).toBe(false);
  });

  it('is seeded anywhere with SEED_DEMO=1, and then the start warns loudly', () => {
    const local = loadConfig({ SEED_DEMO: '1' });
    expect(local.seedDemo).toBe(true);
    expect(startupWarnings(local)).toEqual([]);
    const forced = loadConfig({ SEED_DEMO: '1', DATABASE_URL: PG, HEALTH_DATA_KEY: KEY, S3_BUCKET: 'portal' });
    expect(forced.seedDemo).toBe(true);
    expect(startupWarnings(forced)).toEqual([
      expect.stringMatching(/SEED_DEMO=1: demo accounts with the PUBLIC password/),
    ]);
  });
});

describe('start warnings', () => {
  it('warns when production is served over plain http', () => {
    const warnings = startupWarnings(
      loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'http://propostas.example.com.br' }),
    );
    expect(warnings).toEqual([
      expect.stringMatching(/^PUBLIC_URL is http:\/\/propostas\.example\.com\.br: production over plain http/),
    ]);
    expect(
      startupWarnings(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://propostas.example.com.br' })),
    ).toEqual([]);
  });

  it('warns that local uploads stay on one machine when the database is PostgreSQL', () => {
    const warnings = startupWarnings(loadConfig({ DATABASE_URL: PG, HEALTH_DATA_KEY: KEY, DATA_DIR: '/srv/portal' }));
    expect(warnings).toEqual([
      expect.stringMatching(/^uploads are stored in \/srv\/portal\/uploads on this machine only/),
    ]);
  });
});

describe('.env.example', () => {
  const root = fileURLToPath(new URL('../../..', import.meta.url));
  const listed = new Set(
    readFileSync(join(root, '.env.example'), 'utf8')
      .split('\n')
      .filter((line) => /^[A-Z][A-Z0-9_]*=/.test(line))
      .map((line) => line.split('=')[0]!),
  );

  it('lists every variable the server reads', () => {
    const read = new Set<string>();
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (/\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name))
          for (const m of readFileSync(path, 'utf8').matchAll(/\benv\.([A-Z][A-Z0-9_]+)/g)) read.add(m[1]!);
      }
    };
    walk(join(root, 'apps/api/src'));
    for (const name of CONFIG_VARIABLES) read.add(name);
    expect(read.size).toBeGreaterThan(40);
    expect([...read].filter((name) => !listed.has(name))).toEqual([]);
  });

  it('names no variable the server ignores', () => {
    expect([...listed].filter((name) => !CONFIG_VARIABLES.includes(name))).toEqual([]);
  });
});
