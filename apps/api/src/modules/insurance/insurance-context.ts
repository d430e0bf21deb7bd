import type { Kysely, Transaction } from 'kysely';
import type { Executor } from '../../db/database';
import type { DeclarationStatus, InsuranceOverview } from '@portal/domain/insurance';
import type { SessionUser } from '@portal/domain/auth';
import {
  HEALTH_CONSENT_VERSION,
  HEALTH_QUESTION_COUNT,
  HEALTH_QUESTIONS,
  insurerDeclaration,
} from '@portal/domain/health-questionnaire';
import { INSURER_LABELS, INSURERS } from '@portal/domain/proposal';
import { isEditableStatus, PROPOSAL_LOCKED_MESSAGE } from '@portal/domain/proposal-status';
import type {
  Database,
  HealthConsentsTable,
  InsuranceDeclarationsTable,
  ProposalMembersTable,
  ProposalsTable,
} from '../../db/schema';
import { HttpError, forbidden, notFound } from '../../errors';
import type { LoadedProposal, ProposalsService } from '../proposals/proposals.service';
import type { ChangeOptions, ProposalWork } from '../proposals/unit-of-work';
import { type HealthCipher } from './health-crypto';
import { createInsuranceRepository } from './insurance.repository';

type Insurer = (typeof INSURERS)[number];

export const HEALTH_READ_PERMISSION = 'health:read';
export const HEALTH_READ_DENIED_MESSAGE = 'Você não tem permissão para ver declarações de saúde.';

interface Loaded {
  proposal: ProposalsTable;
  buyers: ProposalMembersTable[];
  /** The caller's buyer entry; null for operators. */
  me: ProposalMembersTable | null;
  insurer: Insurer;
  open: boolean;
}

export type { DeclarationStatus, InsuranceOverview };

export const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
/** The row identity authenticated with each ciphertext: a value cannot be moved to another row. */
export const aadOf = (proposalId: string, buyer: number, key: string) => `${proposalId}|${buyer}|${key}`;

/** What the insurance service's parts share. */
export interface InsuranceDeps {
  db: Kysely<Database>;
  /** The one proposal service (services.ts): its readProposal and withProposal load the proposal. */
  proposals: ProposalsService;
  cipher: HealthCipher;
  onUnreadable?: (info: { proposalId: string; buyer: number; question: string }) => void;
}

/** Access to a proposal's declarations and the overview both parts of the service build on. */
export function createInsuranceContext(deps: InsuranceDeps) {
  const repo = createInsuranceRepository(deps.db);
  const { proposals } = deps;

  /**
   * Sellers have no part in the declaration: 404, as for a missing proposal. The routes let sellers
   * in (`access: ['buyer', 'seller']`, which would answer 403), so the rule stays here.
   */
  function noSeller(user: SessionUser) {
    if (user.role === 'seller') throw notFound();
  }

  /** The declaration's view of a proposal loaded by the core. */
  function insuranceOf({ proposal, buyers, me }: LoadedProposal): Loaded {
    const insurer = (JSON.parse(proposal.financing) as { insuranceCompanyName: Insurer }).insuranceCompanyName;
    return { proposal, buyers, me, insurer, open: isEditableStatus(proposal.status) };
  }

  /** A read of the declaration: the proposal as this buyer (or an operator) may see it, loaded once. */
  function read<T>(user: SessionUser, proposalId: string, fn: (loaded: Loaded) => Promise<T>): Promise<T> {
    noSeller(user);
    return proposals.readProposal(user, proposalId, (r) => fn(insuranceOf(r.loaded)));
  }

  /** A change of the declaration on the proposal core (withProposal): the use case's own rule only. */
  async function change<T>(
    user: SessionUser,
    proposalId: string,
    options: ChangeOptions,
    fn: (loaded: Loaded, work: ProposalWork<Transaction<Database>>) => Promise<T>,
  ): Promise<T> {
    noSeller(user);
    const { value } = await proposals.withProposal(user, proposalId, options, (work) =>
      fn(insuranceOf(work.loaded), work),
    );
    return value;
  }

  /** The buyer position a request is about: a buyer acts only on their own declaration. */
  function ownTarget(loaded: Loaded, buyer: number | undefined): ProposalMembersTable {
    if (!loaded.me) throw forbidden();
    if (buyer !== undefined && buyer !== loaded.me.position) {
      if (!loaded.buyers.some((b) => b.position === buyer)) throw notFound();
      throw forbidden();
    }
    return loaded.me;
  }

  /** The consent in force: the latest one of this person for this insurer and this text, not revoked. */
  function activeConsent(
    loaded: Loaded,
    consents: HealthConsentsTable[],
    member: ProposalMembersTable,
  ): HealthConsentsTable | null {
    const latest = consents.find((c) => c.buyer === member.position);
    if (!latest || latest.revoked_at !== null) return null;
    const matches =
      latest.user_id === member.user_id &&
      latest.version === HEALTH_CONSENT_VERSION &&
      latest.insurance_name === loaded.insurer;
    return matches ? latest : null;
  }

  function statusOf(
    declaration: InsuranceDeclarationsTable | undefined,
    answers: number,
    consent: boolean,
  ): DeclarationStatus {
    if (declaration?.completed === 1) return 'completed';
    return answers > 0 || consent ? 'in_progress' : 'not_started';
  }

  async function overviewOf(loaded: Loaded, tx: Executor = deps.db): Promise<InsuranceOverview> {
    const proposalId = loaded.proposal.id;
    const [declarations, consents, rows] = await Promise.all([
      repo.findDeclarations(proposalId, tx),
      repo.findConsents(proposalId, tx),
      repo.findAnswerRows(proposalId, null, tx),
    ]);
    const answeredBy = (buyer: number) =>
      HEALTH_QUESTIONS.map((q) => q.key).filter((key) => rows.some((r) => r.buyer === buyer && r.question_key === key));
    const me = loaded.me;
    const myDeclaration = me ? declarations.find((d) => d.buyer === me.position) : undefined;
    const myConsent = me ? activeConsent(loaded, consents, me) : null;
    return {
      proposalId,
      proposalCode: loaded.proposal.code,
      proposalType: loaded.proposal.type,
      insurer: loaded.insurer,
      insurerName: INSURER_LABELS[loaded.insurer],
      canEdit: loaded.open && me !== null,
      consentVersion: HEALTH_CONSENT_VERSION,
      declarationVersion: insurerDeclaration(loaded.insurer).version,
      totalQuestions: HEALTH_QUESTION_COUNT,
      me: me
        ? {
            buyer: me.position,
            consent: myConsent
              ? { version: myConsent.version, grantedAt: new Date(myConsent.granted_at).toISOString() }
              : null,
            answered: answeredBy(me.position),
            completed: myDeclaration?.completed === 1,
            completedAt: iso(myDeclaration?.completed_at ?? null),
          }
        : null,
      buyers: loaded.buyers.map((b) => {
        const member = b;
        const consent = member.user_id ? activeConsent(loaded, consents, member) !== null : false;
        return {
          buyer: b.position,
          name: b.name,
          hasAccount: b.user_id !== null,
          status: statusOf(
            declarations.find((d) => d.buyer === b.position),
            answeredBy(b.position).length,
            consent,
          ),
        };
      }),
    };
  }

  /** Answers and confirmations only while the proposal is open. */
  function guardOpen(loaded: Loaded) {
    if (!loaded.open) throw new HttpError(409, 'proposal_locked', PROPOSAL_LOCKED_MESSAGE);
  }

  return { deps, repo, read, change, ownTarget, activeConsent, overviewOf, guardOpen };
}

export type InsuranceContext = ReturnType<typeof createInsuranceContext>;
