import type { Expression, ExpressionBuilder, Kysely, SqlBool } from 'kysely';
import type { Database, ProposalMembersTable, ProposalsTable } from '../../db/schema';
import type { Executor } from '../../db/database';
import { prepareQuery } from '../../db/prepared';

/** Whose proposals a query reads: the proposals a user is a member of in a role, or every one (null). */
export type Membership = { userId: string; role: 'buyer' | 'seller' } | null;

type MemberRole = 'buyer' | 'seller';

/**
 * Proposal rows and their members (buyers and sellers, by position). Queries only: the rules are in
 * the service. What every screen of a buyer or seller reads (their list, one proposal) is compiled
 * once (prepareQuery); within a transaction the same query is built on the transaction.
 */
export function createProposalsRepository(db: Kysely<Database>) {
  const memberOf = (
    eb: ExpressionBuilder<Database, 'proposals'>,
    userId: string,
    role: MemberRole,
  ): Expression<SqlBool> =>
    eb.exists(
      eb
        .selectFrom('proposal_members as m')
        .select('m.id')
        .whereRef('m.proposal_id', '=', 'proposals.id')
        .where('m.user_id', '=', userId)
        .where('m.role', '=', role),
    );
  const listForMember = prepareQuery<{ userId: string; role: MemberRole; limit: number }, ProposalsTable>(
    db,
    (q, param) =>
      q
        .selectFrom('proposals')
        .selectAll('proposals')
        .where((eb) => memberOf(eb, param('userId'), param('role')))
        .orderBy('proposals.updated_at', 'desc')
        .limit(param('limit')),
  );
  // Every member of every proposal the user belongs to: a superset of the listed ones, in one query.
  const membersForMember = prepareQuery<{ userId: string; role: MemberRole }, ProposalMembersTable>(db, (q, param) =>
    q
      .selectFrom('proposal_members')
      .selectAll()
      .where('proposal_id', 'in', (eb) =>
        eb
          .selectFrom('proposal_members as mine')
          .select('mine.proposal_id')
          .where('mine.user_id', '=', param('userId'))
          .where('mine.role', '=', param('role')),
      )
      .orderBy('position'),
  );
  const withMembers = (q: Executor, proposalId: string) =>
    q
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
      .orderBy('m.position');
  type WithMembersRow = Awaited<ReturnType<ReturnType<typeof withMembers>['execute']>>[number];
  const preparedWithMembers = prepareQuery<{ id: string }, WithMembersRow>(db, (q, param) =>
    withMembers(q, param('id')),
  );

  return {
    /** The latest-updated proposals of a member (or every proposal), with their members. */
    async findProposals(member: Membership, options: { limit: number }) {
      let rows: ProposalsTable[];
      let members: ProposalMembersTable[];
      if (member) {
        rows = await listForMember({ ...member, limit: options.limit });
        members = rows.length ? await membersForMember(member) : [];
      } else {
        rows = await db
          .selectFrom('proposals')
          .selectAll()
          .orderBy('updated_at', 'desc')
          .limit(options.limit)
          .execute();
        members = rows.length
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
      }
      const byProposal = new Map<string, ProposalMembersTable[]>();
      for (const m of members) {
        const list = byProposal.get(m.proposal_id);
        if (list) list.push(m);
        else byProposal.set(m.proposal_id, [m]);
      }
      return rows.map((proposal) => ({ proposal, members: byProposal.get(proposal.id) ?? [] }));
    },

    /** One proposal with its members, by position, in one query; null when there is none. */
    async findProposalWithMembers(
      proposalId: string,
      tx: Executor = db,
    ): Promise<{ proposal: ProposalsTable; members: ProposalMembersTable[] } | null> {
      const rows =
        tx === db ? await preparedWithMembers({ id: proposalId }) : await withMembers(tx, proposalId).execute();
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
