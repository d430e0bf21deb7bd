import type { Kysely } from 'kysely';
import type { SessionUser } from '@portal/domain/auth';
import { toSellerProposal, type Customer, type Proposal } from '@portal/domain/proposal';
import type { ProposalView } from '@portal/domain/proposals-api';
import type { Database, ProposalMembersTable, ProposalsTable } from '../../db/schema';
import type { Executor } from '../../db/database';
import { notFound } from '../../errors';
import type { SessionKey } from '../auth/live-session';
import type { Mailer } from '../mail/outbox';
import { DEFAULT_VALIDITY_DAYS, type ValidityKind } from '@portal/domain/documents';
import { createUnitOfWork, type LoadedProposal } from './unit-of-work';
import { createProposalsRepository, type Membership, type ProposalWithMembers } from './proposals.repository';

export type { LoadedProposal };

/**
 * Who sees a proposal: buyers and sellers only the proposals they are members of, in that role;
 * operators every one. The one place this rule is written: every module loads a proposal through
 * loadProposalFor, and the list reads with the same membership.
 */
function membershipOf(caller: SessionUser): Membership {
  return caller.role === 'operator' ? null : { userId: caller.id, role: caller.role };
}

/** The most proposals a list shows. */
const LIST_LIMIT = 100;

/**
 * The proposal as this caller may see it. Anyone who is not on it gets 404, exactly as for a
 * proposal that does not exist: an id never tells a stranger that it is taken.
 */
function seenBy(caller: SessionUser, found: ProposalWithMembers | null): LoadedProposal {
  if (!found) throw notFound();
  const member = membershipOf(caller);
  const me = member ? found.members.find((m) => m.role === member.role && m.user_id === member.userId) : null;
  if (me === undefined) throw notFound();
  return {
    ...found,
    buyers: found.members.filter((m) => m.role === 'buyer'),
    sellers: found.members.filter((m) => m.role === 'seller'),
    me,
  };
}

/**
 * The proposal's service, built once (services.ts) and handed to every module that reads or changes
 * a proposal: its entry points readProposal and withProposal are the unit of work (unit-of-work.ts).
 */
export function createProposalsService(deps: {
  db: Kysely<Database>;
  mailer?: Mailer;
  /**
   * The documents' validity in days (DOC_VALIDITY_<KIND>_DAYS, documents.config.ts): every progress
   * and every queue wait the core computes uses it (docs/decisions/059-the-proposal-core.md).
   */
  validityDays?: Record<ValidityKind, number>;
}) {
  const repo = createProposalsRepository(deps.db);
  const validityDays = deps.validityDays ?? DEFAULT_VALIDITY_DAYS;

  /** The proposal as this caller may see it (seenBy), in one query. */
  async function loadProposalFor(caller: SessionUser, proposalId: string, tx: Executor = deps.db) {
    return seenBy(caller, await repo.findProposalWithMembers(proposalId, tx));
  }

  /** loadProposalFor with the rest of what the progress reads (proposal-state.ts), in the same query. */
  async function loadWithStateFor(caller: SessionUser, proposalId: string, tx: Executor) {
    const found = await repo.findProposalWithState(proposalId, tx);
    const { state, ...proposal } = found ?? { state: null };
    return { loaded: seenBy(caller, found && (proposal as ProposalWithMembers)), state: state! };
  }

  /** The caller's proposals, latest first, each as the caller may see it. */
  async function listProposals(caller: SessionUser): Promise<ProposalView[]> {
    const found = await repo.findProposals(membershipOf(caller), { limit: LIST_LIMIT });
    return found.map(({ proposal, members }) => viewFor(caller, toProposal(proposal, members, caller)));
  }

  return {
    loadProposalFor,
    listProposals,
    /** The documents' validity every progress of this core is computed with. */
    validityDays,
    ...createUnitOfWork({
      db: deps.db,
      mailer: deps.mailer,
      validityDays,
      load: loadProposalFor,
      loadWithState: loadWithStateFor,
    }),

    /**
     * The reads of listProposals and getProposal with the request's session in the same statement
     * (readWithSession in plugins/session.ts; docs/decisions/057-the-api-at-its-floor.md). They give
     * the session's row and the rows; the views below apply the same rules once the user is known.
     */
    findListWithSession: (key: SessionKey) => repo.findProposalsWithSession(key, { limit: LIST_LIMIT }),
    findOneWithSession: (key: SessionKey, proposalId: string) => repo.findProposalWithSession(key, proposalId),

    /** listProposals' answer from findListWithSession's rows (an operator's list is read now: it is every proposal). */
    async listViews(caller: SessionUser, found: ProposalWithMembers[]): Promise<ProposalView[]> {
      if (!membershipOf(caller)) return listProposals(caller);
      return found.map(({ proposal, members }) => viewFor(caller, toProposal(proposal, members, caller)));
    },

    /** getProposal's answer from findOneWithSession's proposal: 404 for anyone who is not on it. */
    oneView(caller: SessionUser, found: ProposalWithMembers | null): ProposalView {
      const { proposal, members } = seenBy(caller, found);
      return viewFor(caller, toProposal(proposal, members, caller));
    },
  };
}
export type ProposalsService = ReturnType<typeof createProposalsService>;

/** Each party gets only what its screens use: sellers get the seller's view (no financing terms). */
const viewFor = (caller: SessionUser, p: Proposal): ProposalView =>
  caller.role === 'seller' ? toSellerProposal(p) : p;

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
