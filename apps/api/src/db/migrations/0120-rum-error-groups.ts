import type { Kysely, Migration } from 'kysely';

/**
 * Front-end errors stored as groups (one row per service + type + message + source, with a count and
 * first/last seen) instead of one row each, and the per-client counters of the intake's quotas.
 * Existing error rows are folded into groups. docs/decisions/015-abuse-limits.md.
 */
export const rumErrorGroupsMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('rum_error_groups')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('fingerprint', 'text', (c) => c.notNull().unique())
      .addColumn('service', 'text', (c) => c.notNull())
      .addColumn('environment', 'text')
      .addColumn('message', 'text', (c) => c.notNull())
      .addColumn('type', 'text')
      .addColumn('source', 'text')
      .addColumn('count', 'bigint', (c) => c.notNull())
      .addColumn('first_seen_at', 'bigint', (c) => c.notNull())
      .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
      .addColumn('routes', 'text', (c) => c.notNull())
      .addColumn('browsers', 'text', (c) => c.notNull())
      .addColumn('last_route', 'text')
      .addColumn('sample', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('rum_error_groups_last_seen').on('rum_error_groups').column('last_seen_at').execute();
    await db.schema
      .createTable('rum_intake_clients')
      .addColumn('client', 'text', (c) => c.primaryKey())
      .addColumn('window_start', 'bigint', (c) => c.notNull())
      .addColumn('events', 'integer', (c) => c.notNull())
      .addColumn('groups', 'integer', (c) => c.notNull())
      .execute();

    // Fold the error rows stored one by one so far into groups (same rule as the intake).
    const rows = await db
      .selectFrom('rum_events')
      .selectAll()
      .where('kind', '=', 'error')
      .orderBy('received_at')
      .execute();
    type Group = Record<string, unknown> & { routes: Record<string, number>; browsers: Record<string, number> };
    const groups = new Map<string, Group>();
    for (const r of rows) {
      const key = JSON.stringify([r.service, r.type, r.name, null]);
      const g: Group = groups.get(key) ?? {
        id: r.id,
        fingerprint: `legacy:${r.id}`,
        service: r.service,
        environment: r.environment,
        message: r.name,
        type: r.type,
        source: null,
        count: 0,
        first_seen_at: Number(r.received_at),
        last_seen_at: 0,
        routes: {},
        browsers: {},
        last_route: null,
        sample: r.payload,
      };
      g.count = Number(g.count) + 1;
      g.last_seen_at = Number(r.received_at);
      const route = r.route as string | null;
      const browser = r.browser as string | null;
      if (route) g.routes[route] = (g.routes[route] ?? 0) + 1;
      if (browser) g.browsers[browser] = (g.browsers[browser] ?? 0) + 1;
      g.last_route = route ?? g.last_route;
      groups.set(key, g);
    }
    for (const g of groups.values()) {
      await db
        .insertInto('rum_error_groups')
        .values({ ...g, routes: JSON.stringify(g.routes), browsers: JSON.stringify(g.browsers) })
        .execute();
    }
    await db.deleteFrom('rum_events').where('kind', '=', 'error').execute();
  },
};
