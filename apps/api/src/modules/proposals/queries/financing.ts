import type { Kysely, Transaction } from 'kysely';
import { EDITABLE_STATUSES } from '@portal/domain/proposal-status';
import type { Database } from '../../../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

/** What the financing screens read and write of a proposal (the terms, the buyers' incomes, the seller's answers). */
export function createFinancingProposalQueries(db: Kysely<Database>) {
  return {
    async findProposalRow(id: string, tx: Db = db) {
      return tx.selectFrom('proposals').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** Submitted values of a section (buyer position, or -1 for proposal-wide and seller sections). */
    async findSectionValues(proposalId: string, section: string, buyer: number, tx: Db = db) {
      const row = await tx
        .selectFrom('proposal_sections')
        .select('data')
        .where('proposal_id', '=', proposalId)
        .where('section', '=', section)
        .where('buyer', '=', buyer)
        .executeTakeFirst();
      return row?.data ? (JSON.parse(row.data) as Record<string, unknown>) : null;
    },

    async findBuyerPositions(proposalId: string, tx: Db = db): Promise<number[]> {
      const rows = await tx
        .selectFrom('proposal_members')
        .select('position')
        .where('proposal_id', '=', proposalId)
        .where('role', '=', 'buyer')
        .execute();
      return rows.map((r) => Number(r.position));
    },

    /** Stores the operator's values (moving `updated_at`); the columns as written. */
    async saveValues(
      tx: Db,
      proposalId: string,
      values: { propertyValue: number; appraisalValue: number | null; interestRateBp: number },
    ) {
      const written = {
        property_value: values.propertyValue,
        appraisal_value: values.appraisalValue,
        interest_rate_bp: values.interestRateBp,
        updated_at: Date.now(),
      };
      await tx.updateTable('proposals').set(written).where('id', '=', proposalId).execute();
      return written;
    },

    /** The financing proposals whose forms may still change (a new SFH ceiling may open or close FGTS forms). */
    async findOpenFinancingIds(tx: Db = db): Promise<string[]> {
      const rows = await tx
        .selectFrom('proposals')
        .select('id')
        .where('type', '=', 'financing')
        .where('status', 'in', [...EDITABLE_STATUSES])
        .execute();
      return rows.map((r) => r.id);
    },
  };
}
