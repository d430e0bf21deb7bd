import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApi, createTestDatabase, dropTestDatabase, login, startApi, stopApi } from './processes';

/**
 * Durability: the API is killed with SIGKILL at random moments under write load, restarted, and
 * every write it had answered 2xx must be there; SQLite's integrity check must pass. CI runs
 * DURABILITY_CYCLES (default 50); the bench may run more.
 */
const CYCLES = Number(process.env.DURABILITY_CYCLES ?? 50);

async function draftOccupation(base: string, cookie: string, proposalId: string): Promise<number> {
  const res = await fetch(`${base}/api/v3/proposals/${proposalId}/sections/data?buyer=0`, { headers: { cookie } });
  const body = (await res.json()) as { data: { draft: { occupation?: string } | null } };
  return Number((body.data.draft?.occupation ?? 'w-1').slice(1));
}

async function killCycles(cycles: number, env: Record<string, string>, check?: () => void) {
  const api = buildApi();
  try {
    let server = await startApi(api.entry, env);
    let cookie = await login(server.base, 'comprador@demo.com.br');
    const list = (await (await fetch(`${server.base}/api/v3/proposals`, { headers: { cookie } })).json()) as {
      data: { id: string; code: string }[];
    };
    const proposalId = list.data.find((p) => p.code === 'PF-2026-005102')!.id;
    let sent = 0;
    let acked = -1;
    for (let cycle = 0; cycle < cycles; cycle++) {
      // Sequential writes until a random moment, then SIGKILL in the middle of whatever is in flight.
      const killAfterMs = 20 + Math.floor(Math.random() * 120);
      const started = Date.now();
      let inFlight: Promise<void> | null = null;
      const writer = (async () => {
        while (Date.now() - started < killAfterMs + 500) {
          const n = sent++;
          inFlight = fetch(`${server.base}/api/v3/proposals/${proposalId}/sections/data/draft?buyer=0`, {
            method: 'PUT',
            headers: { cookie, 'content-type': 'application/json' },
            body: JSON.stringify({ occupation: `w${n}` }),
          })
            .then((r) => {
              if (r.ok) acked = Math.max(acked, n);
              else throw new Error(`write answered ${r.status}`);
            })
            .catch((err: Error) => {
              // Refused connections after the kill are expected; a 5xx is not.
              if (/answered 5/.test(err.message)) throw err;
            });
          await inFlight;
        }
      })();
      await new Promise((r) => setTimeout(r, killAfterMs));
      await stopApi(server, 'SIGKILL');
      await writer;
      check?.();
      server = await startApi(api.entry, env);
      cookie = await login(server.base, 'comprador@demo.com.br');
      const stored = await draftOccupation(server.base, cookie, proposalId);
      // The last answered write (or one sent after it, committed before the kill) survives.
      expect(stored, `cycle ${cycle}`).toBeGreaterThanOrEqual(acked);
      expect(stored, `cycle ${cycle}`).toBeLessThan(sent);
      acked = stored;
    }
    expect(acked).toBeGreaterThan(cycles);
    await stopApi(server);
  } finally {
    api.remove();
  }
}

describe('durability under SIGKILL', () => {
  it(`SQLite: ${CYCLES} kills, every answered write kept, integrity_check ok`, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'portal-durability-'));
    try {
      await killCycles(CYCLES, { DATA_DIR: dataDir, DATABASE_URL: '' }, () => {
        const db = new SQLite(join(dataDir, 'portal.db'));
        try {
          expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
        } finally {
          db.close();
        }
      });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 600_000);

  describe.skipIf(!process.env.TEST_DATABASE_URL)('PostgreSQL', () => {
    const name = `durability_${process.pid}`;
    let url = '';
    beforeAll(async () => {
      url = await createTestDatabase(name);
    });
    afterAll(async () => dropTestDatabase(name));
    it(`${Math.ceil(CYCLES / 2)} kills, every answered write kept`, async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'portal-durability-pg-'));
      try {
        await killCycles(Math.ceil(CYCLES / 2), { DATA_DIR: dataDir, DATABASE_URL: url });
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    }, 600_000);
  });
});

describe('concurrent writers on one SQLite file', () => {
  it('two API instances writing at once never fail with SQLITE_BUSY', async () => {
    const api = buildApi();
    const dataDir = mkdtempSync(join(tmpdir(), 'portal-concurrency-'));
    const env = { DATA_DIR: dataDir, DATABASE_URL: '' };
    const a = await startApi(api.entry, env);
    const b = await startApi(api.entry, env);
    try {
      const cookieA = await login(a.base, 'comprador@demo.com.br');
      const cookieB = await login(b.base, 'outro@demo.com.br');
      const listA = (await (await fetch(`${a.base}/api/v3/proposals`, { headers: { cookie: cookieA } })).json()) as {
        data: { id: string; code: string }[];
      };
      const listB = (await (await fetch(`${b.base}/api/v3/proposals`, { headers: { cookie: cookieB } })).json()) as {
        data: { id: string }[];
      };
      const targets = [
        {
          base: a.base,
          cookie: cookieA,
          url: `/api/v3/proposals/${listA.data.find((p) => p.code === 'PF-2026-005102')!.id}/sections/address/draft?buyer=0`,
        },
        { base: b.base, cookie: cookieB, url: `/api/v3/proposals/${listB.data[0]!.id}/sections/address/draft?buyer=0` },
      ];
      const statuses: number[] = [];
      // 8 writers (4 per instance), 40 writes each, all at once.
      await Promise.all(
        Array.from({ length: 8 }, async (_, w) => {
          const t = targets[w % 2]!;
          for (let i = 0; i < 40; i++) {
            const res = await fetch(t.base + t.url, {
              method: 'PUT',
              headers: { cookie: t.cookie, 'content-type': 'application/json' },
              body: JSON.stringify({ number: `${w}-${i}` }),
            });
            statuses.push(res.status);
          }
        }),
      );
      expect(statuses).toHaveLength(320);
      expect(statuses.filter((s) => s !== 200)).toEqual([]);
    } finally {
      await stopApi(a);
      await stopApi(b);
      api.remove();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 300_000);
});
