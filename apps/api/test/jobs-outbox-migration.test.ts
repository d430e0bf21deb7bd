import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Migrator, sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase, type Db } from '../src/db/database';
import { MIGRATIONS, migrateToLatest } from '../src/db/migrations';
import { oldestOutboxAgeSeconds } from '../src/modules/mail/outbox';
import { DATABASES } from './helpers';

/**
 * E-mails queued before the jobs migration (0170_jobs) all leave after it, through the delivery
 * job: the outbox keeps its rows, nothing is lost or sent twice. docs/decisions/048-background-jobs.md.
 */
describe.each(DATABASES)('the jobs migration keeps every queued e-mail on %s', (dialect) => {
  it('messages queued before the migration are delivered once by the delivery job after it', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'portal-jobs-migration-'));
    const schema = `t_${randomBytes(6).toString('hex')}`;
    const url = process.env.TEST_DATABASE_URL!;
    const admin = async (text: string) => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(text);
      await c.end();
    };
    let db: Db;
    if (dialect === 'postgres') {
      await admin(`create schema ${schema}`);
      db = openDatabase(url, { searchPath: schema, poolSize: 4 });
    } else {
      db = openDatabase(join(dataDir, 'portal.db'));
    }
    try {
      // The database as the previous release left it: every migration but the jobs one.
      const before = Object.fromEntries(Object.entries(MIGRATIONS).filter(([key]) => key !== '0170_jobs'));
      const { error } = await new Migrator({
        db: db.kysely,
        provider: { getMigrations: async () => before },
        allowUnorderedMigrations: true,
        ...(dialect === 'postgres' ? { migrationTableSchema: schema } : {}),
      }).migrateToLatest();
      expect(error).toBeUndefined();
      const now = Date.now();
      const queued = Array.from({ length: 5 }, (_, i) => ({
        id: crypto.randomUUID(),
        to_address: `fila${i}@exemplo.com.br`,
        subject: `Mensagem ${i}`,
        text_body: `Corpo ${i}`,
        html_body: null,
        kind: 'recover',
        created_at: now - (5 - i) * 60_000,
        sent_at: null,
        attempts: i === 4 ? 2 : 0,
        // One waits for a retry that is already due; one was sent before the upgrade.
        next_attempt_at: now - 1000,
        last_error: i === 4 ? 'connect ECONNREFUSED' : null,
      }));
      const alreadySent = {
        ...queued[0]!,
        id: crypto.randomUUID(),
        to_address: 'enviada@exemplo.com.br',
        sent_at: now - 1,
        attempts: 1,
      };
      await db.kysely
        .insertInto('outbox')
        .values([...queued, alreadySent])
        .execute();
      expect(
        await sql`select 1 from jobs`.execute(db.kysely).then(
          () => true,
          () => false,
        ),
      ).toBe(false);

      await migrateToLatest(db.kysely, dialect === 'postgres' ? { schema } : {});
      // What the metrics read: the oldest unsent e-mail was queued five minutes ago.
      expect(await oldestOutboxAgeSeconds(db.kysely, now)).toBe(300);
      const config = loadConfig({
        DATA_DIR: dataDir,
        PUBLIC_URL: 'http://localhost:3000',
        WEB_DIST: join(dataDir, 'no-web'),
        JOBS_SCHEMA: `${schema}_jobs`,
      });
      const app = await buildApp({ config, db, logger: false });
      await app.ready();
      await app.jobs.start();
      try {
        // The start sends one delivery pass (main.ts does the same).
        await app.jobs.send('mail.deliver');
        const deadline = Date.now() + 20_000;
        for (;;) {
          const waiting = await db.kysely.selectFrom('outbox').select('id').where('sent_at', 'is', null).execute();
          if (waiting.length === 0) break;
          if (Date.now() > deadline) throw new Error(`${waiting.length} e-mail(s) still waiting`);
          await new Promise((r) => setTimeout(r, 100));
        }
      } finally {
        await app.close();
      }
      expect(await oldestOutboxAgeSeconds(db.kysely)).toBe(0);
      const rows = await db.kysely
        .selectFrom('outbox')
        .select(['id', 'attempts', 'last_error'])
        .orderBy('created_at')
        .execute();
      expect(rows).toHaveLength(6);
      // Each queued message went out once (one .eml each); the one sent before was not sent again.
      const files = readdirSync(join(dataDir, 'outbox'));
      for (const message of queued) expect(files.filter((f) => f.endsWith(`-${message.id}.eml`))).toHaveLength(1);
      expect(files.some((f) => f.includes(alreadySent.id))).toBe(false);
      expect(rows.find((r) => r.id === queued[4]!.id)).toMatchObject({ attempts: 3, last_error: null });
    } finally {
      await db.close();
      if (dialect === 'postgres') {
        await admin(`drop schema ${schema} cascade`);
        await admin(`drop schema if exists ${schema}_jobs cascade`);
      }
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
