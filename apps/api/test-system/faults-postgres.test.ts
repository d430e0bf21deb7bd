import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../scripts/lib/free-port.mjs';
import { SECOND_BUYER_DATA } from '../test/helpers/buyer-data';
import { createPgCluster, type PgCluster } from './pg-cluster';
import {
  autosave,
  isAlive,
  proposalIdOf,
  sleep,
  spawnApi,
  startApi,
  stopApi,
  until,
  untilHealthy,
  type Instance,
} from './outage-instances';
import { buildApi, login } from './processes';

/**
 * PostgreSQL outages (docs/decisions/039-database-outages.md), on a private cluster this file starts
 * with initdb/pg_ctl on its own port and stops and restarts at will: the API processes stay up,
 * answer 503 with a Portuguese message and Retry-After while the database is away (never a 500,
 * never a dropped connection), serve again within 5 s of its return, lose no acknowledged write and
 * never keep half a transaction; readiness follows the database; the start waits for a database
 * that is not up yet, and gives up (exit 1) after its time limit.
 */

const UNAVAILABLE = 'Serviço temporariamente indisponível. Tente novamente em instantes.';
/** The requirement: saves succeed again at most this long after the database is back. */
const RECOVERY_LIMIT_MS = 5_000;
const TWO_BUYERS = 'PF-2026-004817';

describe('PostgreSQL outages', () => {
  let cluster: PgCluster;
  let api: ReturnType<typeof buildApi>;
  let env: Record<string, string>;
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-faults-pg-'));
  const started: Instance[] = [];
  const start = async (extra: Record<string, string> = {}) => {
    const instance = await startApi(api.entry, { ...env, ...extra });
    started.push(instance);
    return instance;
  };

  beforeAll(async () => {
    cluster = await createPgCluster();
    await cluster.start();
    await cluster.query('create database portal');
    env = { DATABASE_URL: cluster.url('portal'), DATA_DIR: dataDir };
    api = buildApi();
  }, 120_000);

  afterEach(async () => {
    await Promise.all(started.splice(0).map(stopApi));
    // Each test leaves the database up for the next one, whatever happened.
    await cluster.start().catch(() => undefined);
  });

  afterAll(async () => {
    await cluster?.remove();
    api?.remove();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /**
   * Runs the autosave over `instances`, stops PostgreSQL once saves went through, keeps it down
   * until every instance answered 503 three times, starts it again, and lets the saves run on.
   */
  async function outageUnderAutosave(instances: Instance[]) {
    const cookie = await login(instances[0]!.base, 'comprador@demo.com.br');
    const proposalId = await proposalIdOf(instances[0]!.base, cookie, TWO_BUYERS);
    const loop = autosave(instances, cookie, proposalId);
    const servedBy = (status: number | 'dropped', index: number, after = 0) =>
      loop.saves.filter((s) => s.status === status && s.instance === index && s.sentAt >= after).length;
    try {
      await until('saves before the outage', 10_000, () =>
        instances.every((_, i) => servedBy(200, i) >= 3) ? true : undefined,
      );
      await cluster.stop();
      const downAt = Date.now();
      await until('503 from every instance', 15_000, () =>
        instances.every((_, i) => servedBy(503, i, downAt) >= 3) ? true : undefined,
      );
      // The server accepts connections a moment before pg_ctl sees it and returns: a save may succeed
      // before backAt. "While away" therefore ends when the start begins, recovery counts from backAt.
      const startAt = Date.now();
      await cluster.start();
      const backAt = Date.now();
      const recovered = await until('saves after the outage', 30_000, () => {
        const firsts = instances.map((_, i) =>
          loop.saves.find((s) => s.instance === i && s.sentAt >= backAt && s.status === 200),
        );
        return firsts.every(Boolean) ? firsts.map((s) => s!.doneAt - backAt) : undefined;
      });
      // A few more saves after the return, so the last one is not the first after the outage.
      const more = loop.saves.length + 5;
      await until('more saves', 10_000, () => (loop.saves.length >= more ? true : undefined));
      await loop.stop();
      return { saves: loop.saves, downAt, startAt, backAt, recovered, cookie, proposalId };
    } finally {
      await loop.stop();
    }
  }

  function expectSurvived(instances: Instance[], outcome: Awaited<ReturnType<typeof outageUnderAutosave>>) {
    const { saves, downAt, startAt, backAt, recovered } = outcome;
    console.log(
      `PostgreSQL away ${backAt - downAt} ms; ${saves.length} saves (${saves.filter((s) => s.status === 503).length} answered 503); ` +
        `saves succeed again ${recovered.map((ms, i) => `${ms} ms on instance ${i + 1}`).join(', ')} after it is back`,
    );
    // Every instance is still up, and every save got an answer: a success or a 503, nothing else.
    for (const instance of instances) expect(isAlive(instance)).toBe(true);
    expect(saves.filter((s) => s.status !== 200 && s.status !== 503)).toEqual([]);
    // While the database was away, every save was refused with the Portuguese 503 and a Retry-After.
    const whileAway = saves.filter((s) => s.sentAt >= downAt && s.doneAt <= startAt);
    expect(whileAway.length).toBeGreaterThanOrEqual(3 * instances.length);
    for (const save of whileAway)
      expect(save).toMatchObject({ status: 503, code: 'unavailable', message: UNAVAILABLE, retryAfter: '5' });
    for (const save of saves.filter((s) => s.status === 503))
      expect(save).toMatchObject({ code: 'unavailable', message: UNAVAILABLE, retryAfter: '5' });
    for (const ms of recovered) expect(ms).toBeLessThanOrEqual(RECOVERY_LIMIT_MS);
  }

  async function expectLastAcknowledgedStored(
    instances: Instance[],
    outcome: Awaited<ReturnType<typeof outageUnderAutosave>>,
  ) {
    const last = outcome.saves.at(-1)!;
    expect(last.status).toBe(200);
    // Read back through every instance: the value of the last acknowledged save is the stored one.
    for (const instance of instances) {
      const res = await fetch(`${instance.base}/api/v3/proposals/${outcome.proposalId}/sections/data?buyer=0`, {
        headers: { cookie: outcome.cookie },
      });
      const body = (await res.json()) as { data: { draft: { occupation?: string } | null } };
      expect(body.data.draft?.occupation).toBe(`valor ${last.n}`);
    }
  }

  it('a restart under a buyer’s 100 ms autosave on one instance: it stays up, answers 503 while away, saves again ≤ 5 s after, nothing acknowledged lost', async () => {
    const instance = await start();
    const outcome = await outageUnderAutosave([instance]);
    expectSurvived([instance], outcome);
    await expectLastAcknowledgedStored([instance], outcome);
  });

  it('the same on two instances sharing the database: both stay up, both answer 503, both save again ≤ 5 s after', async () => {
    const instances = [await start(), await start()];
    const outcome = await outageUnderAutosave(instances);
    expectSurvived(instances, outcome);
    await expectLastAcknowledgedStored(instances, outcome);
  });

  it('a plain pg_ctl restart under the autosave: no save dropped or answered 500, the instance stays up', async () => {
    const instance = await start();
    const cookie = await login(instance.base, 'comprador@demo.com.br');
    const proposalId = await proposalIdOf(instance.base, cookie, TWO_BUYERS);
    const loop = autosave([instance], cookie, proposalId);
    try {
      await until('saves before the restart', 10_000, () => (loop.saves.length >= 5 ? true : undefined));
      await cluster.restart();
      const backAt = Date.now();
      await until('saves after the restart', 10_000, () =>
        loop.saves.some((s) => s.sentAt >= backAt && s.status === 200) ? true : undefined,
      );
    } finally {
      await loop.stop();
    }
    expect(isAlive(instance)).toBe(true);
    expect(loop.saves.filter((s) => s.status !== 200 && s.status !== 503)).toEqual([]);
  });

  it('readiness answers 503 naming the database while it is away and 200 after; liveness stays 200', async () => {
    const instance = await start();
    expect((await fetch(`${instance.base}/api/health/ready`)).status).toBe(200);
    await cluster.stop();
    const ready = await until('readiness to fail', 15_000, async () => {
      const res = await fetch(`${instance.base}/api/health/ready`);
      return res.status === 503 ? res : undefined;
    });
    expect(await ready.json()).toMatchObject({
      error: { code: 'not_ready', message: 'Serviço indisponível: banco de dados.' },
      checks: { database: 'failing' },
    });
    expect((await fetch(`${instance.base}/api/health/live`)).status).toBe(200);
    const legacy = await fetch(`${instance.base}/api/health`);
    expect(legacy.status).toBe(503);
    expect(legacy.headers.get('retry-after')).toBe('5');
    expect(await legacy.json()).toEqual({ error: { code: 'unavailable', message: UNAVAILABLE } });
    await cluster.start();
    await until('readiness to pass again', 15_000, async () =>
      (await fetch(`${instance.base}/api/health/ready`)).status === 200 ? true : undefined,
    );
    expect(isAlive(instance)).toBe(true);
  });

  it('a change cut mid-way by a restart is rolled back whole: nothing of it is stored, the request answers 503', async () => {
    const instance = await start();
    const cookie = await login(instance.base, 'compradora@demo.com.br');
    const proposalId = await proposalIdOf(instance.base, cookie, TWO_BUYERS);
    const section = `${instance.base}/api/v3/proposals/${proposalId}/sections/data?buyer=1`;
    const cpf = (
      (await (await fetch(section, { headers: { cookie } })).json()) as { data: { prefill: { cpf: string } } }
    ).data.prefill.cpf;
    const stored = () =>
      cluster.query(
        `select (select row_to_json(s) from proposal_sections s where proposal_id = $1 and section = 'data' and buyer = 1) as section,
                (select filling_status from proposals where id = $1) as filling,
                (select count(*)::int from audit_log where action = 'section.submitted') as audits`,
        [proposalId],
        'portal',
      );
    const [before] = await stored();
    const body = JSON.stringify({ ...SECOND_BUYER_DATA, cpf });

    // The submit writes the section, the proposal's progress and the audit entry; on PostgreSQL in
    // one guarded statement (docs/decisions/059-the-proposal-core.md). The audit table is held
    // locked, so that statement stops at it, holding its locks on the proposal's tables.
    const locker = new pg.Client({ connectionString: cluster.url('portal') });
    locker.on('error', () => {}); // the restart cuts this connection too
    await locker.connect();
    await locker.query('begin');
    await locker.query('lock table audit_log in share mode');
    const submit = fetch(section, { method: 'PUT', headers: { cookie, 'content-type': 'application/json' }, body });
    // Awaited below; a failure before that must not surface as an unhandled rejection.
    submit.catch(() => undefined);
    try {
      const waiting = await until('the submit to wait on the audit table', 15_000, async () => {
        const [row] = await cluster.query<{ pid: number }>(
          `select a.pid from pg_stat_activity a
          where a.datname = 'portal' and a.wait_event_type = 'Lock' and a.query ilike '%insert into%audit_log%'`,
        );
        return row;
      });
      // It holds the section table for writing: the cut comes in the middle of the change.
      const held = await cluster.query(
        `select 1 from pg_locks l join pg_class c on c.oid = l.relation
        where l.pid = $1 and c.relname = 'proposal_sections' and l.mode = 'RowExclusiveLock' and l.granted`,
        [waiting.pid],
        'portal',
      );
      expect(held).toHaveLength(1);

      await cluster.restart();
      const res = await submit;
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ error: { code: 'unavailable', message: UNAVAILABLE } });
    } finally {
      await locker.end().catch(() => undefined);
    }

    // Nothing of the cut transaction is stored: the section, the progress and the audit log are as before.
    expect(await stored()).toEqual([before]);
    expect(isAlive(instance)).toBe(true);

    // The same submit sent again goes through whole.
    const again = await fetch(section, {
      method: 'PUT',
      headers: { cookie, 'content-type': 'application/json' },
      body,
    });
    expect(again.status).toBe(200);
    const [after] = await stored();
    expect(after).toMatchObject({ audits: before!.audits + 1, section: { status: 'done' } });
    expect(after!.filling).not.toBe(before!.filling);
  });

  it('the start waits for a database that is not up yet, logging each attempt, and serves once it comes', async () => {
    await cluster.stop();
    const instance = await spawnApi(api.entry, env);
    started.push(instance);
    await until('two waiting attempts logged', 20_000, () =>
      instance.stderr.filter((l) => l.startsWith('Database not reachable yet')).length >= 2 ? true : undefined,
    );
    expect(isAlive(instance)).toBe(true);
    await cluster.start();
    await untilHealthy(instance, 30_000);
    expect(instance.stderr.some((l) => /^Database reachable after \d+ attempts\.$/.test(l))).toBe(true);
    await login(instance.base, 'comprador@demo.com.br');
  });

  it('the start gives up with exit code 1 and says why when the database never comes', async () => {
    const nobody = await freePort();
    const instance = await spawnApi(api.entry, {
      ...env,
      DATABASE_URL: `postgres://postgres@127.0.0.1:${nobody}/portal`,
      DATABASE_START_TIMEOUT_MS: '2000',
    });
    started.push(instance);
    const code = await Promise.race([instance.exited, sleep(30_000).then(() => 'still running' as const)]);
    expect(code).toBe(1);
    const waits = instance.stderr.filter((l) => l.startsWith('Database not reachable yet (ECONNREFUSED'));
    expect(waits.length).toBeGreaterThanOrEqual(2);
    expect(instance.stderr).toContainEqual(
      expect.stringMatching(/^Database still unreachable after \d+ attempts in 2 s \(ECONNREFUSED: .*\): giving up\.$/),
    );
  });
});
