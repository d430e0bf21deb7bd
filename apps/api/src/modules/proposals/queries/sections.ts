import type { Kysely, Transaction } from 'kysely';
import type { Database, ProposalSectionsTable } from '../../../db/schema';
import type { SectionStatus } from '@portal/domain/sections-registry';
import { newId } from '../../../crypto';
import { prepareQuery } from '../../../db/prepared';

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
    upsertSection(
      row: Pick<ProposalSectionsTable, 'proposal_id' | 'section' | 'buyer' | 'status' | 'updated_by'> &
        Partial<Pick<ProposalSectionsTable, 'draft' | 'draft_updated_at' | 'data' | 'submitted_at' | 'review_note'>>,
      tx: Executor = db,
    ) {
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
