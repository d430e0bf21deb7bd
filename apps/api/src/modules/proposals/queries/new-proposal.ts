import type { Insertable } from 'kysely';
import type { Executor } from '../../../db/database';
import type { ProposalsTable } from '../../../db/schema';

/** The proposal's row, as the back office's "Nova proposta" creates it. */
export async function insertProposal(ex: Executor, row: Insertable<ProposalsTable>) {
  await ex.insertInto('proposals').values(row).execute();
}
