import type { Kysely, Transaction } from 'kysely';
import type { Database, ProposalSectionsTable } from '../../db/schema';
import { newId } from '../../crypto';

type Executor = Kysely<Database> | Transaction<Database>;

/** Rows of proposal_sections; `buyer` is the position, -1 for proposal-wide sections. */
export function createSectionsRepository(db: Kysely<Database>) {
  return {
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
    /** Inserts or updates one section row (one statement: safe under concurrent saves). */
    async upsertSection(
      row: Pick<ProposalSectionsTable, 'proposal_id' | 'section' | 'buyer' | 'status' | 'updated_by'> &
        Partial<Pick<ProposalSectionsTable, 'draft' | 'draft_updated_at' | 'data' | 'submitted_at' | 'review_note'>>,
      tx: Executor = db,
    ) {
      const now = Date.now();
      const { proposal_id, section, buyer, ...changes } = row;
      await tx
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
        .execute();
    },
  };
}
export type SectionsRepository = ReturnType<typeof createSectionsRepository>;
