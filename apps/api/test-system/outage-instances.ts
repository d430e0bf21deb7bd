import { spawn, type ChildProcess } from 'node:child_process';
import { freePort } from '../../../scripts/lib/free-port.mjs';
import { apiEnv } from './processes';

/**
 * API processes for the outage tests (faults-postgres.test.ts): started without waiting (a start may
 * wait for the database), watched, stopped, and a buyer's autosave running against them.
 */

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits until `check` returns a value (not undefined), polling every 50 ms, for at most `timeoutMs`. */
export async function until<T>(what: string, timeoutMs: number, check: () => Promise<T | undefined> | T | undefined) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

export interface Instance {
  child: ChildProcess;
  base: string;
  /** The process' stderr, line by line (the start's waiting lines go there). */
  stderr: string[];
  exited: Promise<number | null>;
}

/** Starts an API process without waiting for it (its start may be waiting for the database). */
export async function spawnApi(entry: string, env: Record<string, string>): Promise<Instance> {
  const port = await freePort();
  const child = spawn(process.execPath, [entry], {
    env: apiEnv(port, env),
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const stderr: string[] = [];
  let partial = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    const lines = (partial + chunk.toString()).split('\n');
    partial = lines.pop()!;
    stderr.push(...lines);
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, base: `http://127.0.0.1:${port}`, stderr, exited };
}

export const isAlive = (instance: Instance) => instance.child.exitCode === null && instance.child.signalCode === null;

export async function untilHealthy(instance: Instance, timeoutMs = 60_000) {
  await until('the API to answer', timeoutMs, async () => {
    if (!isAlive(instance))
      throw new Error(`API exited with ${instance.child.exitCode}: ${instance.stderr.join('\n')}`);
    const res = await fetch(`${instance.base}/api/health/live`).catch(() => null);
    return res?.ok ? true : undefined;
  });
}

export async function startApi(entry: string, env: Record<string, string>) {
  const instance = await spawnApi(entry, env);
  await untilHealthy(instance);
  return instance;
}

/** SIGTERM, then SIGKILL if it has not exited 15 s later (a test that failed midway may leave a request stuck). */
export async function stopApi(instance: Instance) {
  if (isAlive(instance)) instance.child.kill('SIGTERM');
  const timer = setTimeout(() => instance.child.kill('SIGKILL'), 15_000);
  await instance.exited;
  clearTimeout(timer);
}

export interface Save {
  n: number;
  instance: number;
  sentAt: number;
  doneAt: number;
  status: number | 'dropped';
  code?: string;
  message?: string;
  retryAfter?: string | null;
}

/**
 * A buyer's autosave: the section's draft saved every 100 ms (each save after the previous one
 * answered, as the web app does), round-robin over the instances, each value numbered.
 */
export function autosave(instances: Instance[], cookie: string, proposalId: string) {
  const saves: Save[] = [];
  let stopped = false;
  const done = (async () => {
    for (let n = 1; !stopped; n++) {
      const index = n % instances.length;
      const sentAt = Date.now();
      const save: Save = { n, instance: index, sentAt, doneAt: 0, status: 'dropped' };
      try {
        const res = await fetch(
          `${instances[index]!.base}/api/v3/proposals/${proposalId}/sections/data/draft?buyer=0`,
          {
            method: 'PUT',
            headers: { cookie, 'content-type': 'application/json' },
            body: JSON.stringify({ occupation: `valor ${n}` }),
            signal: AbortSignal.timeout(20_000),
          },
        );
        save.status = res.status;
        save.retryAfter = res.headers.get('retry-after');
        const body = (await res.json()) as { error?: { code: string; message: string } };
        save.code = body.error?.code;
        save.message = body.error?.message;
      } catch {
        save.status = 'dropped';
      }
      save.doneAt = Date.now();
      saves.push(save);
      await sleep(Math.max(0, sentAt + 100 - Date.now()));
    }
  })();
  return {
    saves,
    stop: async () => {
      stopped = true;
      await done;
    },
  };
}

export async function proposalIdOf(base: string, cookie: string, code: string): Promise<string> {
  const res = await fetch(`${base}/api/v3/proposals`, { headers: { cookie } });
  const list = (await res.json()) as { data: { id: string; code: string }[] };
  return list.data.find((p) => p.code === code)!.id;
}
