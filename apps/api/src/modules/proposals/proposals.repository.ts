import { sql, type Kysely } from 'kysely';
import type { Database, ProposalMembersTable, ProposalsTable } from '../../db/schema';
import type { Executor } from '../../db/database';
import { prepareQuery } from '../../db/prepared';
import { proposalStateColumns, stateOf, type ProposalState } from './proposal-state';
import { fromLiveSession, sessionIsLive, type LiveSessionRow, type SessionKey } from '../auth/live-session';

/** Whose proposals a query reads: the proposals a user is a member of in a role, or every one (null). */
export type Membership = { userId: string; role: 'buyer' | 'seller' } | null;

type MemberRole = 'buyer' | 'seller';

export interface ProposalWithMembers {
  proposal: ProposalsTable;
  /** Buyers and sellers, by position. */
  members: ProposalMembersTable[];
}

// Every column by name (the hot queries are prepared statements on PostgreSQL, which must not
// change shape when a migration adds a column); the Record makes the compiler list them all.
const PROPOSAL_COLUMNS = Object.keys({
  id: true,
  code: true,
  type: true,
  status: true,
  stage: true,
  filling_status: true,
  property: true,
  financing: true,
  created_at: true,
  updated_at: true,
  seller_completed_at: true,
  insurer: true,
  property_value: true,
  appraisal_value: true,
  interest_rate_bp: true,
  owner_id: true,
  owner_since: true,
  waiting_since: true,
  waiting_reason: true,
} satisfies Record<keyof ProposalsTable, true>).map((c) => `p.${c}` as `p.${keyof ProposalsTable}`);

const MEMBER_COLUMNS = [
  'm.id as m_id',
  'm.user_id as m_user_id',
  'm.role as m_role',
  'm.position as m_position',
  'm.name as m_name',
  'm.email as m_email',
  'm.cpf as m_cpf',
  'm.created_at as m_created_at',
] as const;

/** Proposals joined to their members (one row per member, or one row with null member columns). */
const withMembers = (q: Executor) =>
  q
    .selectFrom('proposals as p')
    .leftJoin('proposal_members as m', 'm.proposal_id', 'p.id')
    .select(PROPOSAL_COLUMNS)
    .select(MEMBER_COLUMNS);
type WithMembersRow = Awaited<ReturnType<ReturnType<typeof withMembers>['execute']>>[number];

/** A row of a read with the session (live-session.ts): its proposal columns are null when nothing matched. */
type SessionRow = LiveSessionRow & { [K in keyof WithMembersRow]: WithMembersRow[K] | null };
const hasProposal = (r: SessionRow): r is SessionRow & WithMembersRow => r.id !== null;

/** The proposal's own columns of a joined row (a literal: copying with a rest pattern is slow per row). */
const proposalOf = (r: WithMembersRow): ProposalsTable => ({
  id: r.id,
  code: r.code,
  type: r.type,
  status: r.status,
  stage: r.stage,
  filling_status: r.filling_status,
  property: r.property,
  financing: r.financing,
  created_at: r.created_at,
  updated_at: r.updated_at,
  seller_completed_at: r.seller_completed_at,
  insurer: r.insurer,
  property_value: r.property_value,
  appraisal_value: r.appraisal_value,
  owner_id: r.owner_id,
  owner_since: r.owner_since,
  waiting_since: r.waiting_since,
  waiting_reason: r.waiting_reason,
  interest_rate_bp: r.interest_rate_bp,
});

/** Rows of withMembers grouped back into proposals, in the order each proposal first appears. */
function groupRows(rows: WithMembersRow[]): ProposalWithMembers[] {
  const byId = new Map<string, ProposalWithMembers>();
  for (const r of rows) {
    const memberId = r.m_id;
    let found = byId.get(r.id);
    if (!found) byId.set(r.id, (found = { proposal: proposalOf(r), members: [] }));
    // A member listed twice in a role (two positions) joins their proposal twice: each member once.
    if (memberId === null || found.members.some((m) => m.id === memberId)) continue;
    found.members.push({
      id: memberId,
      proposal_id: r.id,
      user_id: r.m_user_id,
      role: r.m_role!,
      position: r.m_position!,
      name: r.m_name!,
      email: r.m_email!,
      cpf: r.m_cpf,
      created_at: r.m_created_at!,
    });
  }
  return [...byId.values()];
}

/**
 * Proposal rows and their members (buyers and sellers, by position), each read in one query.
 * Queries only: the rules are in the service. What every screen of a buyer or seller reads (their
 * list, one proposal) is compiled once (prepareQuery); within a transaction the same query is built
 * on the transaction.
 */
export function createProposalsRepository(db: Kysely<Database>) {
  /** Every proposal, latest-updated first, joined to its members (the operators' list). */
  const latest = (q: Executor, limit: number) =>
    withMembers(q)
      .where('p.id', 'in', (eb) =>
        eb.selectFrom('proposals').select('proposals.id').orderBy('proposals.updated_at', 'desc').limit(limit),
      )
      .orderBy('p.updated_at', 'desc')
      .orderBy('p.id')
      .orderBy('m.position');
  // A member's proposals, reached from their own membership rows (an index on user_id), joined to
  // every member. Cheaper on both databases than a limited subquery of ids; the limit is applied
  // to the grouped proposals instead.
  const listForMember = prepareQuery<{ userId: string; role: MemberRole }, WithMembersRow>(db, (q, param) =>
    withMembers(q)
      .innerJoin('proposal_members as mine', 'mine.proposal_id', 'p.id')
      .where('mine.user_id', '=', param('userId'))
      .where('mine.role', '=', param('role'))
      .orderBy('p.updated_at', 'desc')
      .orderBy('p.id')
      .orderBy('m.position'),
  );
  const one = (q: Executor, proposalId: string) => withMembers(q).where('p.id', '=', proposalId).orderBy('m.position');
  const preparedOne = prepareQuery<{ id: string }, WithMembersRow>(db, (q, param) => one(q, param('id')));

  // The same two reads with the request's session in the same statement (live-session.ts): one row
  // with null proposal columns when the session is live and nothing matches, none when it is unknown.
  const listWithSession = prepareQuery<SessionKey, SessionRow>(db, (q, param) =>
    fromLiveSession(q, param)
      .leftJoin('proposal_members as mine', (join) =>
        join.onRef('mine.user_id', '=', 'users.id').onRef('mine.role', '=', 'users.role').on(sessionIsLive(param)),
      )
      .leftJoin('proposals as p', 'p.id', 'mine.proposal_id')
      .leftJoin('proposal_members as m', 'm.proposal_id', 'p.id')
      .select(PROPOSAL_COLUMNS)
      .select(MEMBER_COLUMNS)
      .orderBy('p.updated_at', 'desc')
      .orderBy('p.id')
      .orderBy('m.position'),
  );
  const oneWithSession = prepareQuery<SessionKey & { id: string }, SessionRow>(db, (q, param) =>
    fromLiveSession(q, param)
      .leftJoin('proposals as p', (join) => join.on('p.id', '=', param('id')).on(sessionIsLive(param)))
      .leftJoin('proposal_members as m', 'm.proposal_id', 'p.id')
      .select(PROPOSAL_COLUMNS)
      .select(MEMBER_COLUMNS)
      .orderBy('m.position'),
  );

  return {
    /** The latest-updated proposals of a member (or every proposal), with their members. */
    async findProposals(member: Membership, options: { limit: number }): Promise<ProposalWithMembers[]> {
      if (!member) return groupRows(await latest(db, options.limit).execute());
      return groupRows(await listForMember(member)).slice(0, options.limit);
    },

    /**
     * A buyer's or seller's proposals as findProposals gives them, and the request's session, in one
     * statement (an operator's session reads none: their list is findProposals(null)).
     */
    async findProposalsWithSession(key: SessionKey, options: { limit: number }) {
      const rows = await listWithSession(key);
      return { session: rows[0], proposals: groupRows(rows.filter(hasProposal)).slice(0, options.limit) };
    },

    /** findProposalWithMembers and the request's session in one statement. */
    async findProposalWithSession(key: SessionKey, proposalId: string) {
      const rows = await oneWithSession({ ...key, id: proposalId });
      return { session: rows[0], proposal: groupRows(rows.filter(hasProposal))[0] ?? null };
    },

    /**
     * findProposalWithMembers and the rest of what the progress reads (proposal-state.ts) in the same
     * statement: what a change that moves a step loads (unit-of-work.ts).
     */
    async findProposalWithState(
      proposalId: string,
      tx: Executor,
    ): Promise<(ProposalWithMembers & { state: ProposalState }) | null> {
      const rows = await one(tx, proposalId)
        .select(proposalStateColumns(db, sql.ref('p.id')))
        .execute();
      const found = groupRows(rows)[0];
      return found ? { ...found, state: stateOf(rows[0]!) } : null;
    },

    /** One proposal with its members, by position, in one query; null when there is none. */
    async findProposalWithMembers(proposalId: string, tx: Executor = db): Promise<ProposalWithMembers | null> {
      const rows = tx === db ? await preparedOne({ id: proposalId }) : await one(tx, proposalId).execute();
      return groupRows(rows)[0] ?? null;
    },
  };
}
export type ProposalsRepository = ReturnType<typeof createProposalsRepository>;
