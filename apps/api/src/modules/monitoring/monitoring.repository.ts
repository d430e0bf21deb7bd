import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { newId } from '../../crypto';
import type { RumEventRow } from './rum-intake';

const SAMPLE_RATE_KEY = 'rum.transaction_sample_rate';

export interface ErrorGroupRow {
  name: string;
  count: number;
  lastSeenAt: number;
  variants: { route: string | null; browser: string | null; count: number }[];
}

export function createMonitoringRepository(db: Kysely<Database>) {
  return {
    async insertEvents(rows: RumEventRow[], receivedAt = Date.now()): Promise<void> {
      if (rows.length === 0) return;
      await db
        .insertInto('rum_events')
        .values(rows.map((row) => ({ ...row, id: newId(), received_at: receivedAt })))
        .execute();
    },

    async deleteEventsBefore(time: number): Promise<void> {
      await db.deleteFrom('rum_events').where('received_at', '<', time).execute();
    },

    /** Errors since a time, grouped by message, most recently seen first, with route/browser counts. */
    async findErrorGroups(since: number, limit = 50): Promise<ErrorGroupRow[]> {
      const groups = await db
        .selectFrom('rum_events')
        .select((eb) => ['name', eb.fn.countAll<number>().as('count'), eb.fn.max('received_at').as('last_seen')])
        .where('kind', '=', 'error')
        .where('received_at', '>=', since)
        .groupBy('name')
        .orderBy('last_seen', 'desc')
        .limit(limit)
        .execute();
      if (groups.length === 0) return [];
      const variants = await db
        .selectFrom('rum_events')
        .select((eb) => ['name', 'route', 'browser', eb.fn.countAll<number>().as('count')])
        .where('kind', '=', 'error')
        .where('received_at', '>=', since)
        .where(
          'name',
          'in',
          groups.map((g) => g.name),
        )
        .groupBy(['name', 'route', 'browser'])
        .execute();
      return groups.map((g) => ({
        name: g.name,
        count: Number(g.count),
        lastSeenAt: Number(g.last_seen),
        variants: variants
          .filter((v) => v.name === g.name)
          .map((v) => ({ route: v.route, browser: v.browser, count: Number(v.count) })),
      }));
    },

    /** Durations of page loads and route changes since a time (the most recent first, capped). */
    async findRouteDurations(since: number, limit = 20_000): Promise<{ route: string; durationMs: number }[]> {
      const rows = await db
        .selectFrom('rum_events')
        .select(['route', 'duration_ms'])
        .where('kind', '=', 'transaction')
        .where('type', 'in', ['page-load', 'route-change'])
        .where('received_at', '>=', since)
        .where('route', 'is not', null)
        .where('duration_ms', 'is not', null)
        .orderBy('received_at', 'desc')
        .limit(limit)
        .execute();
      return rows.map((r) => ({ route: r.route!, durationMs: Number(r.duration_ms) }));
    },

    async findSampleRate(): Promise<{ rate: number; updatedAt: number } | null> {
      const row = await db
        .selectFrom('settings')
        .select(['value', 'updated_at'])
        .where('key', '=', SAMPLE_RATE_KEY)
        .executeTakeFirst();
      if (!row) return null;
      const rate = Number(JSON.parse(row.value));
      return Number.isFinite(rate) ? { rate, updatedAt: Number(row.updated_at) } : null;
    },

    async saveSampleRate(rate: number, actorId: string): Promise<number> {
      const now = Date.now();
      await db
        .insertInto('settings')
        .values({ key: SAMPLE_RATE_KEY, value: JSON.stringify(rate), updated_at: now, updated_by: actorId })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({ value: JSON.stringify(rate), updated_at: now, updated_by: actorId }),
        )
        .execute();
      return now;
    },
  };
}

export type MonitoringRepository = ReturnType<typeof createMonitoringRepository>;
