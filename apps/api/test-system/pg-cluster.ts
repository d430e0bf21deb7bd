import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from '../../../scripts/lib/free-port.mjs';

const run = promisify(execFile);

/** Where Debian's PostgreSQL keeps its programs (PG_BIN overrides it). */
function binDir(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  for (const version of ['17', '16', '15', '14', '13']) {
    const dir = `/usr/lib/postgresql/${version}/bin`;
    if (existsSync(join(dir, 'pg_ctl'))) return dir;
  }
  throw new Error('PostgreSQL server programs not found (set PG_BIN to the folder of initdb and pg_ctl)');
}

/** PostgreSQL refuses to run as root: as root, its programs run as the postgres user. */
const asRoot = process.getuid?.() === 0;
function postgresIds(): { uid: number; gid: number } {
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('postgres:'));
  if (!line) throw new Error('no postgres user to run the private cluster as');
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

export interface PgCluster {
  port: number;
  /** postgres://postgres@127.0.0.1:port/<database> */
  url(database?: string): string;
  /** Starts the server and waits until it accepts connections. */
  start(): Promise<void>;
  /** Stops it in fast mode: open transactions are rolled back, every client is disconnected. */
  stop(): Promise<void>;
  /** A fast stop then a start, as a failover or a maintenance window does. */
  restart(): Promise<void>;
  /** Stops it if running and deletes its folder. */
  remove(): Promise<void>;
  /** Runs SQL on the server as the superuser, on its own short connection. */
  query<R extends pg.QueryResultRow = pg.QueryResultRow>(
    text: string,
    values?: unknown[],
    database?: string,
  ): Promise<R[]>;
}

/**
 * A private PostgreSQL cluster for tests that stop, restart or cut the database: its own folder
 * under the temp dir (owned by postgres), its own free port on 127.0.0.1 and its own socket folder,
 * so the shared server other tests use is never touched. Created stopped; call start().
 */
export async function createPgCluster(): Promise<PgCluster> {
  const bin = binDir();
  const dir = mkdtempSync(join(tmpdir(), 'portal-pg-'));
  const data = join(dir, 'data');
  if (asRoot) {
    const { uid, gid } = postgresIds();
    chownSync(dir, uid, gid);
  }
  const pgRun = (program: string, args: string[]) =>
    asRoot
      ? run('runuser', ['-u', 'postgres', '--', join(bin, program), ...args], { cwd: dir })
      : run(join(bin, program), args, { cwd: dir });

  // No fsync: the tests stop the server, never the machine, and a fast stop writes everything out.
  await pgRun('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync']);
  const port = await freePort();
  const serverOptions = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=60`;
  const pgCtl = (...args: string[]) =>
    pgRun('pg_ctl', ['-D', data, '-l', join(dir, 'server.log'), '-w', '-t', '60', ...args]);
  const url = (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`;
  let running = false;

  return {
    port,
    url,
    async start() {
      await pgCtl('-o', serverOptions, 'start');
      running = true;
    },
    async stop() {
      running = false;
      await pgCtl('-m', 'fast', 'stop');
    },
    async restart() {
      await this.stop();
      await this.start();
    },
    async remove() {
      if (running) await pgCtl('-m', 'immediate', 'stop').catch(() => undefined);
      running = false;
      rmSync(dir, { recursive: true, force: true });
    },
    async query(text, values, database) {
      const client = new pg.Client({ connectionString: url(database) });
      await client.connect();
      try {
        return (await client.query<R>(text, values)).rows;
      } finally {
        await client.end();
      }
    },
  };
}
