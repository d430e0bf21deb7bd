import { sql, type Kysely, type Transaction } from 'kysely';
import {
  parseProposalSequence,
  proposalListQuerySchema,
  proposalCodePrefix,
  searchQueryTerms,
  type ListSort,
  type ProposalListItem,
  type ProposalListPage,
} from '@portal/domain/backoffice';
import type { z } from 'zod';
import type { Database } from '../../../db/schema';

type Executor = Kysely<Database> | Transaction<Database>;
type ListQuery = z.output<typeof proposalListQuerySchema>;

const SORT_COLUMNS = {
  updatedAt: 'p.updated_at',
  createdAt: 'p.created_at',
  code: 'p.code',
  fillingStatus: 'p.filling_status',
} as const satisfies Record<ListSort, string>;

/** The keyset of a page edge: the sort value and the id of the row, plus where it points. */
export interface Cursor {
  /** The sort it belongs to (a list sort, or the queue's 'waitingSince'). */
  s: string;
  o: 'asc' | 'desc';
  v: string | number;
  id: string;
  /** n: the page after this row; p: the page before it. */
  d: 'n' | 'p';
}

export const encodeCursor = (c: Cursor) => Buffer.from(JSON.stringify(c)).toString('base64url');
export function decodeCursor(raw: string | undefined, sort: string, order: 'asc' | 'desc'): Cursor | null {
  if (!raw) return null;
  try {
    const c = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as Cursor;
    const valueOk = typeof c.v === 'string' || typeof c.v === 'number';
    // A cursor from another sort order is meaningless here: start from the first page.
    return c && c.s === sort && c.o === order && valueOk && typeof c.id === 'string' && (c.d === 'n' || c.d === 'p')
      ? c
      : null;
  } catch {
    return null;
  }
}

/**
 * The page edges of a keyset page read in `dir` order (`limit + 1` rows asked, `rows` already cut
 * and flipped back when walking backward): the cursor of the next and of the previous page.
 */
export function pageEdges<R>(args: {
  rows: R[];
  hasMore: boolean;
  cursor: Cursor | null;
  edge: (row: R | undefined, d: 'n' | 'p') => string | null;
}): { next: string | null; prev: string | null } {
  const backward = args.cursor?.d === 'p';
  const first = args.rows[0];
  const last = args.rows.at(-1);
  return {
    next: backward ? args.edge(last, 'n') : args.hasMore ? args.edge(last, 'n') : null,
    prev: backward ? (args.hasMore ? args.edge(first, 'p') : null) : args.cursor ? args.edge(first, 'p') : null,
  };
}

/** A keyset page's rows from the `limit + 1` read: whether more follow, and the rows in list order. */
export function keysetRows<R>(rowsPlus: R[], limit: number, backward: boolean): { rows: R[]; hasMore: boolean } {
  const rows = rowsPlus.slice(0, limit);
  if (backward) rows.reverse();
  return { rows, hasMore: rowsPlus.length > limit };
}

/** A search matching more proposals than this (a one-letter word) is left to a subquery. */
const MAX_CANDIDATES = 20_000;
/** The list counts matches up to this many; beyond it says "more than". */
export const COUNT_CAP = 10_000;

/** Upper bound of a prefix range: terms hold only [a-z0-9-], all below '~' byte-wise. */
const prefixEnd = (prefix: string) => `${prefix}~`;

/**
 * The back office's reads of the proposal tables: the operators' list (keyset pages, search,
 * filters), the next proposal code, and a proposal's history and the operator's permissions that
 * the proposal's screen shows with it.
 */
export function createBackofficeRepository(db: Kysely<Database>, options: { dialect: 'sqlite' | 'postgres' }) {
  /** One prefix range of the search index per query term, intersected. */
  function searchQuery(terms: string[]) {
    const range = (term: string) =>
      db
        .selectFrom('proposal_search as s')
        .select('s.proposal_id')
        .where('s.term', '>=', term)
        .where('s.term', '<', prefixEnd(term));
    return terms.slice(1).reduce((acc, term) => acc.intersect(range(term)), range(terms[0]!));
  }

  /**
   * The ids a search matches, straight from the index (index-only ranges on both databases).
   * null: no search; 'many': more than MAX_CANDIDATES (a one-letter search), left to a subquery.
   */
  async function searchCandidates(terms: string[]): Promise<string[] | 'many' | null> {
    if (!terms.length) return null;
    const rows = await searchQuery(terms)
      .limit(MAX_CANDIDATES + 1)
      .execute();
    return rows.length > MAX_CANDIDATES ? 'many' : rows.map((r) => r.proposal_id);
  }

  /**
   * The filtered set, without order. A search's candidates are handed over as one array parameter
   * (PostgreSQL `= ANY($1)`, SQLite `json_each`), so each planner sees how few they are and looks
   * them up by primary key (a covering index); the other filters are indexed columns; pending
   * documents an indexed semi-join on document_files (docs/decisions/007-back-office.md).
   */
  function filtered(query: ListQuery, terms: string[], candidates: string[] | 'many' | null, viewerId: string | null) {
    let q = db.selectFrom('proposals as p');
    if (query.responsible === 'me') q = q.where('p.owner_id', '=', viewerId ?? '');
    if (candidates === 'many') q = q.where('p.id', 'in', searchQuery(terms));
    else if (candidates) {
      q = q.where(
        options.dialect === 'postgres'
          ? sql<boolean>`p.id = any(${candidates}::text[])`
          : sql<boolean>`p.id in (select value from json_each(${JSON.stringify(candidates)}))`,
      );
    }
    if (query.status) q = q.where('p.status', '=', query.status);
    if (query.stage) q = q.where('p.stage', '=', query.stage);
    if (query.type) q = q.where('p.type', '=', query.type);
    if (query.insurer) q = q.where('p.insurer', '=', query.insurer);
    if (query.pendingDocuments) {
      const pending = db.selectFrom('document_files as d').select('d.proposal_id').where('d.status', '=', 'sent');
      q = q.where('p.id', query.pendingDocuments === 'yes' ? 'in' : 'not in', pending);
    }
    return q;
  }

  return {
    /** One page of the operator's list (keyset pagination: no OFFSET, constant cost per page). */
    async listProposals(query: ListQuery, viewerId: string | null = null): Promise<ProposalListPage> {
      const column = SORT_COLUMNS[query.sort];
      const cursor = decodeCursor(query.cursor, query.sort, query.order);
      const backward = cursor?.d === 'p';
      // Walking backward reads the rows before the cursor in reverse order, then flips them.
      const dir = (query.order === 'desc') !== backward ? 'desc' : 'asc';
      const terms = searchQueryTerms(query.q ?? '');
      const candidates = await searchCandidates(terms);
      if (Array.isArray(candidates) && !candidates.length)
        return { data: [], page: { total: 0, capped: false, next: null, prev: null } };
      let page = filtered(query, terms, candidates, viewerId).select([
        'p.id',
        'p.code',
        'p.type',
        'p.status',
        'p.stage',
        'p.insurer',
        'p.filling_status',
        'p.property',
        'p.financing',
        'p.created_at',
        'p.updated_at',
        'p.owner_id',
      ]);
      if (cursor) {
        page = page.where((eb) =>
          eb(eb.refTuple(column, 'p.id'), dir === 'desc' ? '<' : '>', eb.tuple(cursor.v as never, cursor.id)),
        );
      }
      const rowsPlus = await page
        .orderBy(column, dir)
        .orderBy('p.id', dir)
        .limit(query.limit + 1)
        .execute();
      const { rows, hasMore } = keysetRows(rowsPlus, query.limit, backward);

      // Counting stops at COUNT_CAP: an exact count of 100 000 rows costs more than the page itself.
      const countRow = await db
        .selectFrom(
          filtered(query, terms, candidates, viewerId)
            .select(sql.lit(1).as('one'))
            .limit(COUNT_CAP + 1)
            .as('t'),
        )
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow();
      const counted = Number(countRow.n);

      const ids = rows.map((r) => r.id);
      const members = ids.length
        ? await db
            .selectFrom('proposal_members')
            .select(['proposal_id', 'name', 'cpf', 'position'])
            .where('proposal_id', 'in', ids)
            .where('role', '=', 'buyer')
            .orderBy('position')
            .execute()
        : [];
      const pendingById = new Map<string, number>();
      if (ids.length) {
        const counts = await db
          .selectFrom('document_files')
          .select(['proposal_id', (eb) => eb.fn.countAll<number | string>().as('n')])
          .where('proposal_id', 'in', ids)
          .where('status', '=', 'sent')
          .groupBy('proposal_id')
          .execute();
        for (const c of counts) pendingById.set(c.proposal_id, Number(c.n));
      }

      const responsibles = await responsiblesOf(
        db,
        rows.map((r) => r.owner_id),
      );

      const sortValue = (r: (typeof rows)[number]): string | number =>
        query.sort === 'updatedAt'
          ? r.updated_at
          : query.sort === 'createdAt'
            ? r.created_at
            : query.sort === 'code'
              ? r.code
              : r.filling_status;
      const edge = (r: (typeof rows)[number] | undefined, d: 'n' | 'p') =>
        r ? encodeCursor({ s: query.sort, o: query.order, v: sortValue(r), id: r.id, d }) : null;
      const { next, prev } = pageEdges({ rows, hasMore, cursor, edge });

      const data: ProposalListItem[] = rows.map((r) => {
        const property = JSON.parse(r.property) as { city?: string; uf?: string };
        const financing = JSON.parse(r.financing) as { amount?: number };
        return {
          id: r.id,
          code: r.code,
          type: r.type,
          status: r.status as ProposalListItem['status'],
          stage: r.stage as ProposalListItem['stage'],
          insurer: (r.insurer as ProposalListItem['insurer']) ?? null,
          fillingStatus: r.filling_status,
          amount: financing.amount ?? 0,
          city: property.city ?? '',
          uf: property.uf ?? '',
          buyers: members.filter((m) => m.proposal_id === r.id).map((m) => ({ name: m.name, cpf: m.cpf })),
          pendingDocuments: pendingById.get(r.id) ?? 0,
          createdAt: new Date(r.created_at).toISOString(),
          updatedAt: new Date(r.updated_at).toISOString(),
          responsible: r.owner_id ? (responsibles.get(r.owner_id) ?? null) : null,
        };
      });
      return { data, page: { total: Math.min(counted, COUNT_CAP), capped: counted > COUNT_CAP, next, prev } };
    },

    /**
     * The next code of a series (PF-2026-000124). The counter row is created at the series' first
     * use from the highest code already there, then incremented in one statement: two operators
     * saving at once get different numbers (and the unique index on code is the last guard).
     */
    async nextProposalCode(tx: Transaction<Database>, type: 'financing' | 'cgi', year: number): Promise<number> {
      const prefix = proposalCodePrefix(type, year);
      const bumped = await tx
        .updateTable('proposal_code_counters')
        .set((eb) => ({ last: eb('last', '+', 1) }))
        .where('prefix', '=', prefix)
        .returning('last')
        .executeTakeFirst();
      if (bumped) return Number(bumped.last);
      const codes = await tx.selectFrom('proposals').select('code').where('code', 'like', `${prefix}%`).execute();
      const highest = codes.reduce((max, { code }) => Math.max(max, parseProposalSequence(code, prefix) ?? 0), 0);
      const inserted = await tx
        .insertInto('proposal_code_counters')
        .values({ prefix, last: highest + 1 })
        .onConflict((oc) =>
          oc.column('prefix').doUpdateSet((eb) => ({ last: eb('proposal_code_counters.last', '+', 1) })),
        )
        .returning('last')
        .executeTakeFirstOrThrow();
      return Number(inserted.last);
    },

    findHistory(proposalId: string, tx: Executor = db) {
      return tx
        .selectFrom('proposal_history as h')
        .leftJoin('users as u', 'u.id', 'h.actor_id')
        .select([
          'h.id',
          'h.at',
          'h.kind',
          'h.from_value',
          'h.to_value',
          'h.reason',
          'h.audience',
          'h.section',
          'u.name as actor_name',
          'u.role as actor_role',
        ])
        .where('h.proposal_id', '=', proposalId)
        .orderBy('h.at', 'desc')
        .orderBy('h.id', 'desc')
        .execute();
    },

    async permissionsOf(userId: string, tx: Executor = db): Promise<string[]> {
      const rows = await tx
        .selectFrom('operator_permissions')
        .select('permission')
        .where('user_id', '=', userId)
        .execute();
      return rows.map((r) => r.permission);
    },
  };
}
/** The names of the operators responsible for a page of proposals, by id. */
export async function responsiblesOf(
  db: Executor,
  ownerIds: (string | null)[],
): Promise<Map<string, { id: string; name: string }>> {
  const ids = [...new Set(ownerIds.filter((id): id is string => id !== null))];
  const rows = ids.length ? await db.selectFrom('users').select(['id', 'name']).where('id', 'in', ids).execute() : [];
  return new Map(rows.map((r) => [r.id, { id: r.id, name: r.name }]));
}

export type BackofficeRepository = ReturnType<typeof createBackofficeRepository>;
