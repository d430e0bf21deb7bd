import type { Kysely } from 'kysely';
import type { Database, RumErrorGroupsTable } from '../../db/schema';
import { newId, sha256 } from '../../crypto';
import type { RumError, RumEventRow } from './rum-intake';

/**
 * Front-end errors are stored as groups: one row per service + type + message + source with a
 * count, first and last seen, and the routes and browsers it happened on. A flood of one message
 * is one row; a flood of distinct messages is held back by the intake's quotas (new groups per
 * batch and per client window, a table quota that only evicts stale groups, an overflow group for
 * the rest). docs/decisions/015-abuse-limits.md.
 */

/** The catch-all group for errors that could not get a group of their own. */
export const OVERFLOW_FINGERPRINT = 'overflow';
export const OVERFLOW_MESSAGE = 'Outros erros (limite de novos grupos atingido)';
/** Routes and browsers kept per group; the page shows the five most frequent. */
const MAX_KEYS = 20;

export interface ErrorOccurrence extends Pick<
  RumErrorGroupsTable,
  'fingerprint' | 'service' | 'environment' | 'message' | 'type' | 'source'
> {
  route: string | null;
  browser: string | null;
  payload: string;
}

/** Where the error was thrown: the agent's culprit, else the first stack frame's file. */
export function errorSource(error: RumError): string | null {
  const frame = error.exception.stacktrace?.[0];
  const source = error.culprit || frame?.abs_path || frame?.filename || null;
  return source ? source.slice(0, 512) : null;
}

export function errorOccurrence(row: RumEventRow, error: RumError): ErrorOccurrence {
  const source = errorSource(error);
  return {
    fingerprint: sha256(JSON.stringify([row.service, row.type, row.name, source])),
    service: row.service,
    environment: row.environment,
    message: row.name,
    type: row.type,
    source,
    route: row.route,
    browser: row.browser,
    payload: row.payload,
  };
}

interface BatchGroup {
  first: ErrorOccurrence;
  count: number;
  routes: Record<string, number>;
  browsers: Record<string, number>;
  lastRoute: string | null;
}

/** Adds counts into a {key: count} map, keeping the MAX_KEYS most frequent keys. */
export function mergeCounts(into: Record<string, number>, add: Record<string, number>): Record<string, number> {
  const merged = { ...into };
  for (const [k, n] of Object.entries(add)) merged[k] = (merged[k] ?? 0) + n;
  return Object.fromEntries(
    Object.entries(merged)
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .slice(0, MAX_KEYS),
  );
}

/** Occurrences of one batch folded by fingerprint, in order of first appearance. */
export function foldOccurrences(occurrences: readonly ErrorOccurrence[]): Map<string, BatchGroup> {
  const groups = new Map<string, BatchGroup>();
  for (const o of occurrences) {
    const g = groups.get(o.fingerprint) ?? { first: o, count: 0, routes: {}, browsers: {}, lastRoute: null };
    g.count++;
    if (o.route) g.routes[o.route] = (g.routes[o.route] ?? 0) + 1;
    if (o.browser) g.browsers[o.browser] = (g.browsers[o.browser] ?? 0) + 1;
    g.lastRoute = o.route ?? g.lastRoute;
    groups.set(o.fingerprint, g);
  }
  return groups;
}

export interface GroupLimits {
  /** New groups one batch may open. */
  newGroupsPerBatch: number;
  /** Groups the table may hold. */
  maxGroups: number;
  /** At the quota, a new group may evict only a group not seen for this long (oldest first). */
  staleGroupMs: number;
}

export function createErrorGroupsRepository(db: Kysely<Database>) {
  return {
    /**
     * Records a batch's errors in one transaction. `grantNewGroups(n, tx)` asks the client's window
     * quota for n new groups (inside the transaction) and returns how many it may open. Returns the
     * number of occurrences counted.
     */
    async recordErrors(
      occurrences: readonly ErrorOccurrence[],
      options: {
        now: number;
        limits: GroupLimits;
        grantNewGroups: (wanted: number, tx: Kysely<Database>) => Promise<number>;
      },
    ): Promise<number> {
      if (occurrences.length === 0) return 0;
      const { now, limits } = options;
      const batch = foldOccurrences(occurrences);
      return db.transaction().execute(async (tx) => {
        const existing = await tx
          .selectFrom('rum_error_groups')
          .select(['fingerprint', 'routes', 'browsers'])
          .where('fingerprint', 'in', [...batch.keys()])
          .execute();
        const known = new Map(existing.map((e) => [e.fingerprint, e]));
        const fresh = [...batch.keys()].filter((f) => !known.has(f));

        let allowed = Math.min(fresh.length, limits.newGroupsPerBatch);
        if (allowed > 0) allowed = await options.grantNewGroups(allowed, tx);
        if (allowed > 0) {
          const { n } = await tx
            .selectFrom('rum_error_groups')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow();
          // The overflow group always has its place: keep one slot for it.
          let room = limits.maxGroups - 1 - Number(n);
          if (room < allowed) {
            const stale = await tx
              .selectFrom('rum_error_groups')
              .select('id')
              .where('last_seen_at', '<', now - limits.staleGroupMs)
              .where('fingerprint', '!=', OVERFLOW_FINGERPRINT)
              .orderBy('last_seen_at')
              .limit(allowed - Math.max(room, 0))
              .execute();
            if (stale.length) {
              await tx
                .deleteFrom('rum_error_groups')
                .where(
                  'id',
                  'in',
                  stale.map((s) => s.id),
                )
                .execute();
            }
            room = Math.max(room, 0) + stale.length;
          }
          allowed = Math.min(allowed, room);
        }

        // New groups past the allowance are counted in the overflow group instead.
        const overflowFrom = new Set(fresh.slice(allowed));
        const writes: { fingerprint: string; group: BatchGroup; overflow: boolean }[] = [];
        let overflow: BatchGroup | null = null;
        for (const [fingerprint, group] of batch) {
          if (!overflowFrom.has(fingerprint)) {
            writes.push({ fingerprint, group, overflow: false });
            continue;
          }
          overflow ??= { first: group.first, count: 0, routes: {}, browsers: {}, lastRoute: null };
          overflow.count += group.count;
          overflow.routes = mergeCounts(overflow.routes, group.routes);
          overflow.browsers = mergeCounts(overflow.browsers, group.browsers);
          overflow.lastRoute = group.lastRoute ?? overflow.lastRoute;
        }
        if (overflow) writes.push({ fingerprint: OVERFLOW_FINGERPRINT, group: overflow, overflow: true });
        if (overflow && !known.has(OVERFLOW_FINGERPRINT)) {
          const row = await tx
            .selectFrom('rum_error_groups')
            .select(['fingerprint', 'routes', 'browsers'])
            .where('fingerprint', '=', OVERFLOW_FINGERPRINT)
            .executeTakeFirst();
          if (row) known.set(row.fingerprint, row);
        }

        for (const { fingerprint, group, overflow: isOverflow } of writes) {
          const before = known.get(fingerprint);
          const routes = JSON.stringify(mergeCounts(before ? JSON.parse(before.routes) : {}, group.routes));
          const browsers = JSON.stringify(mergeCounts(before ? JSON.parse(before.browsers) : {}, group.browsers));
          const o = group.first;
          await tx
            .insertInto('rum_error_groups')
            .values({
              id: newId(),
              fingerprint,
              service: o.service,
              environment: o.environment,
              message: isOverflow ? OVERFLOW_MESSAGE : o.message,
              type: isOverflow ? null : o.type,
              source: isOverflow ? null : o.source,
              count: group.count,
              first_seen_at: now,
              last_seen_at: now,
              routes,
              browsers,
              last_route: group.lastRoute,
              sample: o.payload,
            })
            .onConflict((oc) =>
              oc.column('fingerprint').doUpdateSet((eb) => ({
                count: eb(eb.ref('rum_error_groups.count'), '+', eb.ref('excluded.count')),
                last_seen_at: eb.ref('excluded.last_seen_at'),
                routes: eb.ref('excluded.routes'),
                browsers: eb.ref('excluded.browsers'),
                last_route: eb.ref('excluded.last_route'),
              })),
            )
            .execute();
        }
        return occurrences.length;
      });
    },

    /** Groups seen since a time, most recently seen first. */
    async findErrorGroups(since: number, limit: number) {
      const rows = await db
        .selectFrom('rum_error_groups')
        .select(['id', 'message', 'type', 'source', 'count', 'first_seen_at', 'last_seen_at', 'routes', 'browsers'])
        .where('last_seen_at', '>=', since)
        .orderBy('last_seen_at', 'desc')
        .orderBy('count', 'desc')
        .limit(limit)
        .execute();
      return rows.map((r) => ({
        id: r.id,
        message: r.message,
        type: r.type,
        source: r.source,
        count: Number(r.count),
        firstSeenAt: Number(r.first_seen_at),
        lastSeenAt: Number(r.last_seen_at),
        routes: JSON.parse(r.routes) as Record<string, number>,
        browsers: JSON.parse(r.browsers) as Record<string, number>,
      }));
    },

    /** Deletes groups not seen since a time, then the least recently seen past the quota. */
    async pruneGroups(before: number, maxGroups: number): Promise<void> {
      await db.deleteFrom('rum_error_groups').where('last_seen_at', '<', before).execute();
      const cutoff = await db
        .selectFrom('rum_error_groups')
        .select('last_seen_at')
        .orderBy('last_seen_at', 'desc')
        .offset(maxGroups)
        .limit(1)
        .executeTakeFirst();
      if (cutoff)
        await db.deleteFrom('rum_error_groups').where('last_seen_at', '<', Number(cutoff.last_seen_at)).execute();
    },
  };
}
