import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { newId } from '../../crypto';
import type { RumEventRow } from './rum-intake';

const SAMPLE_RATE_KEY = 'rum.transaction_sample_rate';

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

    /** Keeps the newest maxEvents events: the oldest go first. */
    async trimEvents(maxEvents: number): Promise<void> {
      const cutoff = await db
        .selectFrom('rum_events')
        .select('received_at')
        .orderBy('received_at', 'desc')
        .offset(maxEvents)
        .limit(1)
        .executeTakeFirst();
      if (cutoff) await db.deleteFrom('rum_events').where('received_at', '<=', Number(cutoff.received_at)).execute();
    },

    /**
     * Adds to a client's counters in the current fixed window, atomically (every instance shares
     * them), and returns the totals after the addition.
     */
    async addClientUsage(
      client: string,
      add: { events: number; groups: number },
      window: { start: number },
    ): Promise<{ events: number; groups: number }> {
      const row = await db
        .insertInto('rum_intake_clients')
        .values({ client, window_start: window.start, events: add.events, groups: add.groups })
        .onConflict((oc) =>
          oc.column('client').doUpdateSet({
            events: sql<number>`case when rum_intake_clients.window_start = excluded.window_start then rum_intake_clients.events + excluded.events else excluded.events end`,
            groups: sql<number>`case when rum_intake_clients.window_start = excluded.window_start then rum_intake_clients.groups + excluded.groups else excluded.groups end`,
            window_start: sql<number>`excluded.window_start`,
          }),
        )
        .returning(['events', 'groups'])
        .executeTakeFirstOrThrow();
      return { events: Number(row.events), groups: Number(row.groups) };
    },

    async deleteClientUsageBefore(time: number): Promise<void> {
      await db.deleteFrom('rum_intake_clients').where('window_start', '<', time).execute();
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
