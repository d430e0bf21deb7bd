import type { Executor } from '../../../db/database';

/** The activity log's reads of the proposals: the filter by proposal, and the codes a page shows. */

/** The proposal whose code (upper-cased by the caller) or id the operator typed in the filter. */
export function findProposalByCodeOrId(ex: Executor, args: { code: string; id: string }) {
  return ex
    .selectFrom('proposals')
    .select('id')
    .where((eb) => eb.or([eb('code', '=', args.code), eb('id', '=', args.id)]))
    .executeTakeFirst();
}

/** The codes of the proposals a page of the log names. */
export function findProposalCodes(ex: Executor, proposalIds: string[]) {
  return ex.selectFrom('proposals').select(['id', 'code']).where('id', 'in', proposalIds).execute();
}
