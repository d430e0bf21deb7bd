import { sql, type AliasedSelectQueryBuilder, type Kysely } from 'kysely';
import {
  QUEUE_REASONS,
  queueQuerySchema,
  waitingDays,
  type QueueItem,
  type QueuePage,
  type QueueReason,
} from '@portal/domain/backoffice-queue';
import type { ProposalStatus } from '@portal/domain/proposal';
import type { z } from 'zod';
import type { Database } from '../../../db/schema';
import { COUNT_CAP, decodeCursor, encodeCursor, keysetRows, pageEdges, responsiblesOf } from './backoffice-list';

type QueueQuery = z.output<typeof queueQuerySchema>;
const SORT = 'waitingSince';

/**
 * The operators' queue (docs/decisions/050-operator-queue.md): proposals whose oldest wait has
 * begun, oldest first, in keyset pages over the index (waiting_since, id) — or (owner_id,
 * waiting_since, id) with a responsible — as the list pages (backoffice-list.ts).
 */
export function createQueueRepository(db: Kysely<Database>) {
  function filtered(query: QueueQuery, viewerId: string, now: number) {
    let q = db.selectFrom('proposals as p').where('p.waiting_since', '<=', now);
    if (query.responsible === 'me') q = q.where('p.owner_id', '=', viewerId);
    if (query.responsible === 'none') q = q.where('p.owner_id', 'is', null);
    return q;
  }

  return {
    async queuePage(query: QueueQuery, viewerId: string, now = Date.now()): Promise<QueuePage> {
      const cursor = decodeCursor(query.cursor, SORT, 'asc');
      const backward = cursor?.d === 'p';
      const dir = backward ? 'desc' : 'asc';
      let page = filtered(query, viewerId, now).select([
        'p.id',
        'p.code',
        'p.type',
        'p.status',
        'p.waiting_since',
        'p.waiting_reason',
        'p.owner_id',
      ]);
      if (cursor)
        page = page.where((eb) =>
          eb(eb.refTuple('p.waiting_since', 'p.id'), dir === 'desc' ? '<' : '>', eb.tuple(Number(cursor.v), cursor.id)),
        );
      const rowsPlus = await page
        .orderBy('p.waiting_since', dir)
        .orderBy('p.id', dir)
        .limit(query.limit + 1)
        .execute();
      const { rows, hasMore } = keysetRows(rowsPlus, query.limit, backward);

      // The total and the count of each reason, each counted up to COUNT_CAP over its own index range
      // (proposals (waiting_since, id) / (owner_id, …); proposal_waits (reason, since) / (owner_id,
      // reason, since), index-only): the cost stays bounded whatever the queue's size, in one statement.
      const capped = (label: string, q: AliasedSelectQueryBuilder<{ one: number }, 't'>) =>
        db.selectFrom(q).select((eb) => [sql.lit(label).as('label'), eb.fn.countAll<number | string>().as('n')]);
      const reasonRange = (reason: QueueReason) => {
        let q = db.selectFrom('proposal_waits as w').where('w.reason', '=', reason).where('w.since', '<=', now);
        if (query.responsible === 'me') q = q.where('w.owner_id', '=', viewerId);
        if (query.responsible === 'none') q = q.where('w.owner_id', 'is', null);
        return q;
      };
      const countRows = await QUEUE_REASONS.reduce(
        (acc, reason) =>
          acc.unionAll(
            capped(
              reason,
              reasonRange(reason)
                .select(sql.lit(1).as('one'))
                .limit(COUNT_CAP + 1)
                .as('t'),
            ),
          ),
        capped(
          'total',
          filtered(query, viewerId, now)
            .select(sql.lit(1).as('one'))
            .limit(COUNT_CAP + 1)
            .as('t'),
        ),
      ).execute();
      const countOf = new Map(countRows.map((r) => [String(r.label), Number(r.n)]));
      const counted = countOf.get('total') ?? 0;
      const perReason = QUEUE_REASONS.map((r) => [r, countOf.get(r) ?? 0] as const);
      const counts = Object.fromEntries(perReason.map(([r, n]) => [r, Math.min(n, COUNT_CAP)])) as Record<
        QueueReason,
        number
      >;
      const cappedReasons = perReason.filter(([, n]) => n > COUNT_CAP).map(([r]) => r);

      const ids = rows.map((r) => r.id);
      const [buyers, waits, responsibles] = await Promise.all([
        ids.length
          ? db
              .selectFrom('proposal_members')
              .select(['proposal_id', 'name'])
              .where('proposal_id', 'in', ids)
              .where('role', '=', 'buyer')
              .orderBy('position')
              .execute()
          : [],
        ids.length
          ? db
              .selectFrom('proposal_waits')
              .select(['proposal_id', 'reason', 'since'])
              .where('proposal_id', 'in', ids)
              .where('since', '<=', now)
              .orderBy('since')
              .execute()
          : [],
        responsiblesOf(
          db,
          rows.map((r) => r.owner_id),
        ),
      ]);

      const edge = (r: (typeof rows)[number] | undefined, d: 'n' | 'p') =>
        r ? encodeCursor({ s: SORT, o: 'asc', v: Number(r.waiting_since), id: r.id, d }) : null;
      const { next, prev } = pageEdges({ rows, hasMore, cursor, edge });
      const data: QueueItem[] = rows.map((r) => {
        const since = Number(r.waiting_since);
        const reason = r.waiting_reason as QueueReason;
        const others = waits
          .filter((w) => w.proposal_id === r.id && w.reason !== reason)
          .map((w) => w.reason as QueueReason);
        return {
          id: r.id,
          code: r.code,
          type: r.type,
          status: r.status as ProposalStatus,
          buyers: buyers.filter((b) => b.proposal_id === r.id).map((b) => b.name),
          reason,
          waitingSince: new Date(since).toISOString(),
          waitingDays: waitingDays(since, now),
          reasons: [reason, ...others],
          responsible: r.owner_id ? (responsibles.get(r.owner_id) ?? null) : null,
        };
      });
      return {
        data,
        counts,
        cappedReasons,
        page: { total: Math.min(counted, COUNT_CAP), capped: counted > COUNT_CAP, next, prev },
      };
    },
  };
}
