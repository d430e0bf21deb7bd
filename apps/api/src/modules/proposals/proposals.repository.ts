import type { Kysely } from 'kysely';
import type { Database, ProposalMembersTable, ProposalsTable } from '../../db/schema';
import type { Executor } from '../../db/database';

/** Whose proposals a query reads: the proposals a user is a member of in a role, or every one (null). */
export type Membership = { userId: string; role: 'buyer' | 'seller' } | null;

/** Proposal rows and their members (buyers and sellers, by position). Queries only: the rules are in the service. */
export function createProposalsRepository(db: Kysely<Database>) {
  return {
    /** The latest-updated proposals of a member (or every proposal), with their members. */
    async findProposals(member: Membership, options: { limit: number }) {
      let q = db.selectFrom('proposals').selectAll('proposals');
      if (member) {
        q = q.where((eb) =>
          eb.exists(
            eb
              .selectFrom('proposal_members as m')
              .select('m.id')
              .whereRef('m.proposal_id', '=', 'proposals.id')
              .where('m.user_id', '=', member.userId)
              .where('m.role', '=', member.role),
          ),
        );
      }
      const rows = await q.orderBy('proposals.updated_at', 'desc').limit(options.limit).execute();
      const members = rows.length
        ? await db
            .selectFrom('proposal_members')
            .selectAll()
            .where(
              'proposal_id',
              'in',
              rows.map((r) => r.id),
            )
            .orderBy('position')
            .execute()
        : [];
      return rows.map((proposal) => ({ proposal, members: members.filter((m) => m.proposal_id === proposal.id) }));
    },

    /** One proposal with its members, by position, in one query; null when there is none. */
    async findProposalWithMembers(
      proposalId: string,
      tx: Executor = db,
    ): Promise<{ proposal: ProposalsTable; members: ProposalMembersTable[] } | null> {
      const rows = await tx
        .selectFrom('proposals as p')
        .leftJoin('proposal_members as m', 'm.proposal_id', 'p.id')
        .selectAll('p')
        .select([
          'm.id as m_id',
          'm.user_id as m_user_id',
          'm.role as m_role',
          'm.position as m_position',
          'm.name as m_name',
          'm.email as m_email',
          'm.cpf as m_cpf',
          'm.created_at as m_created_at',
        ])
        .where('p.id', '=', proposalId)
        .orderBy('m.position')
        .execute();
      const first = rows[0];
      if (!first) return null;
      const {
        m_id: _id,
        m_user_id: _userId,
        m_role: _role,
        m_position: _position,
        m_name: _name,
        m_email: _email,
        m_cpf: _cpf,
        m_created_at: _createdAt,
        ...proposal
      } = first;
      const members: ProposalMembersTable[] = [];
      for (const r of rows) {
        if (r.m_id === null) continue;
        members.push({
          id: r.m_id,
          proposal_id: proposal.id,
          user_id: r.m_user_id,
          role: r.m_role!,
          position: r.m_position!,
          name: r.m_name!,
          email: r.m_email!,
          cpf: r.m_cpf,
          created_at: r.m_created_at!,
        });
      }
      return { proposal, members };
    },
  };
}
export type ProposalsRepository = ReturnType<typeof createProposalsRepository>;
