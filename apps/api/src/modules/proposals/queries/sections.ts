import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, ProposalSectionsTable } from '../../../db/schema';
import type { SectionStatus } from '@portal/domain/sections-registry';
import { newId } from '../../../crypto';
import { prepareQuery } from '../../../db/prepared';
import type { auditRow } from '../../audit/audit';

type Executor = Kysely<Database> | Transaction<Database>;

/** Rows of proposal_sections; `buyer` is the position, -1 for proposal-wide sections. */
export function createSectionsRepository(db: Kysely<Database>) {
  const draftUpsert = prepareQuery<
    { id: string; proposalId: string; section: string; buyer: number; draft: string; now: number; userId: string },
    never
  >(db, (q, param) =>
    q
      .insertInto('proposal_sections')
      .values({
        id: param('id'),
        proposal_id: param('proposalId'),
        section: param('section'),
        buyer: param('buyer'),
        status: 'in_progress',
        draft: param('draft'),
        draft_updated_at: param('now'),
        data: null,
        submitted_at: null,
        review_note: null,
        updated_by: param('userId'),
        updated_at: param('now'),
        version: 1,
      })
      .onConflict((oc) =>
        oc.columns(['proposal_id', 'section', 'buyer']).doUpdateSet((eb) => ({
          draft: eb.ref('excluded.draft'),
          draft_updated_at: eb.ref('excluded.draft_updated_at'),
          updated_by: eb.ref('excluded.updated_by'),
          updated_at: eb.ref('excluded.updated_at'),
          version: eb(eb.ref('proposal_sections.version'), '+', 1),
          // A done (or rejected) section being edited again keeps that status until the new values are submitted.
          status: eb
            .case()
            .when('proposal_sections.status', 'in', ['done', 'rejected'])
            .then(eb.ref('proposal_sections.status'))
            .else(eb.val<SectionStatus>('in_progress'))
            .end(),
        })),
      ),
  );
  return {
    /** Stores a draft in one statement: the row's status is decided by the database, not read first. */
    async saveDraft(args: {
      proposalId: string;
      section: string;
      buyer: number;
      draft: string;
      now: number;
      userId: string;
    }) {
      await draftUpsert({ id: newId(), ...args });
    },
    findSections(proposalId: string, tx: Executor = db) {
      return tx.selectFrom('proposal_sections').selectAll().where('proposal_id', '=', proposalId).execute();
    },
    findSection(args: { proposalId: string; section: string; buyer: number }, tx: Executor = db) {
      return tx
        .selectFrom('proposal_sections')
        .selectAll()
        .where('proposal_id', '=', args.proposalId)
        .where('section', '=', args.section)
        .where('buyer', '=', args.buyer)
        .executeTakeFirst();
    },
    /** Inserts or updates one section row (one statement: safe under concurrent saves); the row as stored. */
    upsertSection(row: SectionWrite, tx: Executor = db) {
      const now = Date.now();
      const { proposal_id, section, buyer, ...changes } = row;
      return tx
        .insertInto('proposal_sections')
        .values({
          id: newId(),
          proposal_id,
          section,
          buyer,
          draft: null,
          draft_updated_at: null,
          data: null,
          submitted_at: null,
          review_note: null,
          ...changes,
          updated_at: now,
          version: 1,
        })
        .onConflict((oc) =>
          oc.columns(['proposal_id', 'section', 'buyer']).doUpdateSet((eb) => ({
            ...changes,
            updated_at: now,
            version: eb(eb.ref('proposal_sections.version'), '+', 1),
          })),
        )
        .returningAll()
        .executeTakeFirstOrThrow();
    },
  };
}
export type SectionsRepository = ReturnType<typeof createSectionsRepository>;

/** What a section write sets: the row's key, its status and author, and the columns it changes. */
export type SectionWrite = Pick<ProposalSectionsTable, 'proposal_id' | 'section' | 'buyer' | 'status' | 'updated_by'> &
  Partial<Pick<ProposalSectionsTable, 'draft' | 'draft_updated_at' | 'data' | 'submitted_at' | 'review_note'>>;

/** The row a section write stores over `existing` (what upsertSection's insert or update gives). */
export function sectionAfterWrite(
  write: SectionWrite,
  existing: ProposalSectionsTable | undefined,
  now: number,
): ProposalSectionsTable {
  const { proposal_id, section, buyer, ...changes } = write;
  if (existing) return { ...existing, ...changes, updated_at: now, version: existing.version + 1 };
  const empty = { draft: null, draft_updated_at: null, data: null, submitted_at: null, review_note: null };
  return { id: newId(), proposal_id, section, buyer, ...empty, ...changes, updated_at: now, version: 1 };
}

/**
 * PostgreSQL only (docs/decisions/059-the-proposal-core.md, "A section submit in four statements"):
 * a section submit's three writes in one statement, atomic by itself. The proposal's update is the
 * guard: it matches only while the proposal still has the status and `updated_at` it was loaded
 * with, and the section's upsert and the audit rows are selected from its RETURNING, so when a
 * concurrent change moved the proposal nothing is written and `undefined` comes back (run the use
 * case again). Parameters are cast: in `insert … select` PostgreSQL infers no type from the column.
 */
export async function writeSectionGuarded(
  db: Kysely<Database>,
  args: {
    proposal: { id: string; status: string; loadedAt: number; fillingStatus: number; updatedAt: number };
    write: SectionWrite;
    /** The row as stored if inserted (sectionAfterWrite); on conflict only the write's columns change. */
    row: ProposalSectionsTable;
    audits: ReturnType<typeof auditRow>[];
  },
): Promise<ProposalSectionsTable | undefined> {
  const { proposal, write, row, audits } = args;
  const text = (v: string | null) => sql`${v}::text`;
  const bigint = (v: number | null) => sql`${v}::bigint`;
  const changed = Object.keys(write).filter((c) => !['proposal_id', 'section', 'buyer'].includes(c));
  const set = sql.join(changed.map((c) => sql`${sql.ref(c)} = ${sql.ref(`excluded.${c}`)}`));
  const auditInserts = audits.map(
    (a, i) => sql`, ${sql.ref(`a${i}`)} as (
      insert into audit_log (id, at, actor_id, action, subject, ip, detail)
      select ${text(a.id)}, ${bigint(a.at)}, ${text(a.actor_id)}, ${text(a.action)}, ${text(a.subject)},
        ${text(a.ip)}, ${text(a.detail)} from p
    )`,
  );
  const result = await sql<ProposalSectionsTable>`
    with p as (
      update proposals set filling_status = ${proposal.fillingStatus}, updated_at = ${proposal.updatedAt}
      where id = ${proposal.id} and status = ${proposal.status} and updated_at = ${proposal.loadedAt}
      returning id
    ), s as (
      insert into proposal_sections
        (id, proposal_id, section, buyer, draft, draft_updated_at, data, submitted_at, status, review_note,
         updated_by, updated_at, version)
      select ${text(row.id)}, p.id, ${text(row.section)}, ${sql`${row.buyer}::integer`}, ${text(row.draft)},
        ${bigint(row.draft_updated_at)}, ${text(row.data)}, ${bigint(row.submitted_at)}, ${text(row.status)},
        ${text(row.review_note)}, ${text(row.updated_by)}, ${bigint(row.updated_at)}, 1
      from p
      on conflict (proposal_id, section, buyer) do update set ${set}, updated_at = excluded.updated_at,
        version = proposal_sections.version + 1
      returning *
    )${auditInserts.length ? sql.join(auditInserts, sql``) : sql``}
    select * from s`.execute(db);
  return result.rows[0];
}
