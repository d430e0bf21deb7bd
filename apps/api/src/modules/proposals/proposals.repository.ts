import type { Kysely } from 'kysely';
import type { Database, ProposalMembersTable, ProposalsTable } from '../../db/schema';
import type { SessionUser } from '@portal/domain/auth';
import type { Customer, Proposal } from '@portal/domain/proposal';

/**
 * Proposals a user may see: buyers and sellers only those they are members of (in that role);
 * operators all. Anything else is indistinguishable from a missing proposal (404).
 */
export function createProposalsRepository(db: Kysely<Database>) {
  function visibleTo(user: SessionUser) {
    let q = db.selectFrom('proposals').selectAll('proposals');
    if (user.role !== 'operator') {
      q = q.where((eb) =>
        eb.exists(
          eb
            .selectFrom('proposal_members as m')
            .select('m.id')
            .whereRef('m.proposal_id', '=', 'proposals.id')
            .where('m.user_id', '=', user.id)
            .where('m.role', '=', user.role as 'buyer' | 'seller'),
        ),
      );
    }
    return q;
  }

  async function membersOf(proposalIds: string[]) {
    if (!proposalIds.length) return [];
    return db
      .selectFrom('proposal_members')
      .selectAll()
      .where('proposal_id', 'in', proposalIds)
      .orderBy('position')
      .execute();
  }

  return {
    async findProposals(user: SessionUser, options: { limit?: number } = {}): Promise<Proposal[]> {
      const rows = await visibleTo(user)
        .orderBy('proposals.updated_at', 'desc')
        .limit(options.limit ?? 100)
        .execute();
      const members = await membersOf(rows.map((r) => r.id));
      return rows.map((row) =>
        toProposal(
          row,
          members.filter((m) => m.proposal_id === row.id),
          user,
        ),
      );
    },
    async findProposal(user: SessionUser, id: string): Promise<Proposal | null> {
      const row = await visibleTo(user).where('proposals.id', '=', id).executeTakeFirst();
      if (!row) return null;
      return toProposal(row, await membersOf([row.id]), user);
    },
  };
}
export type ProposalsRepository = ReturnType<typeof createProposalsRepository>;

/**
 * Shapes a row for one viewer. Personal data of a customer (e-mail, CPF) is shown to that
 * customer and to operators only: a co-buyer sees the name, a seller sees names only.
 */
export function toProposal(row: ProposalsTable, members: ProposalMembersTable[], viewer: SessionUser): Proposal {
  const buyers = members.filter((m) => m.role === 'buyer').sort((a, b) => a.position - b.position);
  const customers: Customer[] = buyers.map((m) => {
    const full = viewer.role === 'operator' || m.user_id === viewer.id;
    return { id: m.id, position: m.position, name: m.name, email: full ? m.email : null, cpf: full ? m.cpf : null };
  });
  const own = viewer.role === 'buyer' ? buyers.find((m) => m.user_id === viewer.id) : undefined;
  return {
    id: row.id,
    code: row.code,
    fillingStatus: row.filling_status,
    type: row.type,
    status: row.status as Proposal['status'],
    stage: row.stage as Proposal['stage'],
    customers,
    customerData: own ? customers.find((c) => c.id === own.id)! : null,
    property: JSON.parse(row.property),
    financingOrCgiData: JSON.parse(row.financing),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}
