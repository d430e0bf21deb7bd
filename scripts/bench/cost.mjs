#!/usr/bin/env node
// What one request costs in CPU, which (unlike req/s) a busy shared machine barely moves: runs a
// fixed number of requests per route against one production API instance and reads, before and
// after, the CPU time of the API process and (on PostgreSQL) of the database's server processes,
// and the database's committed transactions (one per statement outside a transaction). Not part
// of `npm run bench`; run it by hand:
//
//   node scripts/bench/cost.mjs [sqlite|postgres] [route name part]   (BENCH_REQUESTS, default 5000)
//   BENCH_API_MAIN=apps/api/dist/base/main.js node scripts/bench/cost.mjs …   (an earlier build)
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import pg from 'pg';
import { build } from './common.mjs';
import { loadOptions, postgresReachable, scenarios, withApi } from './api.mjs';

const db = process.argv[2] ?? 'sqlite';
const filter = process.argv[3] ?? '';
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 5000);
const TICK_US = 1e6 / 100; // USER_HZ
const STATS_SETTLE_MS = 11_000;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** utime + stime of a process, in microseconds (0 when it is gone); `sys` alone: stime. */
function cpuUs(pid, sys = false) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((sys ? 0 : Number(f[11])) + Number(f[12])) * TICK_US;
  } catch {
    return 0;
  }
}

const run = (opts, amount) =>
  new Promise((resolve, reject) =>
    autocannon({ ...opts, url: opts.urls, amount, connections: 20, timeout: 10 }, (err, res) =>
      err ? reject(err) : resolve(res),
    ),
  );

async function pgStats(client, name) {
  const backends = await client.query('select pid from pg_stat_activity where datname = $1', [name]);
  const x = await client.query('select xact_commit + xact_rollback as xacts from pg_stat_database where datname = $1', [
    name,
  ]);
  return { pids: backends.rows.map((r) => r.pid), xacts: Number(x.rows[0].xacts) };
}

// A given bundle (BENCH_API_MAIN, see common.mjs) is run as it is.
if (!process.env.BENCH_API_MAIN) build({ web: false });
if (db === 'postgres' && !(await postgresReachable())) throw new Error('PostgreSQL not reachable');
await withApi({ db }, async (ctx) => {
  const admin = ctx.dbName ? new pg.Client({ connectionString: ctx.databaseUrl }) : null;
  await admin?.connect();
  const api = ctx.servers[0].pid;
  try {
    for (const s of scenarios(ctx.proposal).filter((x) => x.name.includes(filter))) {
      const opts = loadOptions(s, ctx);
      await run(opts, 2000); // warm-up (JIT, pool)
      if (admin) await sleep(STATS_SETTLE_MS);
      const before = admin ? await pgStats(admin, ctx.dbName) : { pids: [], xacts: 0 };
      const pgBefore = before.pids.map(cpuUs);
      const apiBefore = cpuUs(api);
      const apiSysBefore = cpuUs(api, true);
      const res = await run(opts, REQUESTS);
      const apiUs = cpuUs(api) - apiBefore;
      const apiSysUs = cpuUs(api, true) - apiSysBefore;
      const after = admin ? await pgStats(admin, ctx.dbName) : { pids: [], xacts: 0 };
      // Backends that did not exist before count from zero; the admin's own statements are 2 per sample.
      const pgUs = after.pids.reduce((sum, pid) => {
        const i = before.pids.indexOf(pid);
        return sum + cpuUs(pid) - (i >= 0 ? pgBefore[i] : 0);
      }, 0);
      // A backend reports its counts at most once a second, and an idle one only after 10 s: read the
      // transactions again once every backend has reported (the warm-up's wait does the same for `before`).
      if (admin) {
        await sleep(STATS_SETTLE_MS);
        after.xacts = (await pgStats(admin, ctx.dbName)).xacts;
      }
      const n = res.requests.total;
      const line = [
        `${db} ${s.name}: ${n} requests, errors ${res.errors + res.non2xx}`,
        `API ${(apiUs / n).toFixed(0)} µs/request (kernel ${(apiSysUs / n).toFixed(0)})`,
        admin ? `PostgreSQL ${(pgUs / n).toFixed(0)} µs/request` : '',
        admin ? `${((after.xacts - before.xacts - 2) / n).toFixed(2)} statements/request` : '',
      ];
      console.log(line.filter(Boolean).join('; '));
    }
  } finally {
    await admin?.end();
  }
});
