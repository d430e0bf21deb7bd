import type { Kysely } from 'kysely';
import type { Executor } from '../../db/database';
import type { DeclarationStatus, InsuranceOverview } from '@portal/domain/insurance';
import type { SessionUser } from '@portal/domain/auth';
import { fieldErrors } from '@portal/domain/api-error';
import {
  canonicalAnswer,
  CONSENT_REQUIRED_MESSAGE,
  findHealthQuestion,
  HEALTH_CONSENT_VERSION,
  HEALTH_QUESTION_COUNT,
  HEALTH_QUESTIONS,
  healthAnswerBodySchema,
  insurerDeclaration,
  type HealthAnswer,
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
import { refreshProposalProgress } from '../financing/proposal-progress';
import { HttpError, forbidden, notFound } from '../../errors';
import { recordAudit } from '../audit/audit';
import { createProposalsService } from '../proposals/proposals.service';
import { HealthDecryptError, type HealthCipher } from './health-crypto';
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

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
/** The row identity authenticated with each ciphertext: a value cannot be moved to another row. */
export const aadOf = (proposalId: string, buyer: number, key: string) => `${proposalId}|${buyer}|${key}`;

/**
 * The insurer's health declaration (DPS) of each buyer (docs/decisions/006). Only the buyer
 * answers their own declaration, after a consent of the current text; the answers are stored
 * encrypted; an operator with the health permission may read them, and every such read is logged.
 * Nothing here writes an answer to a log or an error message.
 */
export function createInsuranceService(deps: {
  db: Kysely<Database>;
  cipher: HealthCipher;
  onUnreadable?: (info: { proposalId: string; buyer: number; question: string }) => void;
}) {
  const repo = createInsuranceRepository(deps.db);
  const proposals = createProposalsService({ db: deps.db });

  /** The proposal as this buyer (or an operator) may see it; sellers have no part in the declaration: 404. */
  async function load(user: SessionUser, proposalId: string, tx: Executor = deps.db): Promise<Loaded> {
    if (user.role === 'seller') throw notFound();
    const { proposal, buyers, me } = await proposals.loadProposalFor(user, proposalId, tx);
    const insurer = (JSON.parse(proposal.financing) as { insuranceCompanyName: Insurer }).insuranceCompanyName;
    return { proposal, buyers, me, insurer, open: isEditableStatus(proposal.status) };
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

  function guardOpen(loaded: Loaded) {
    if (!loaded.open) throw new HttpError(409, 'proposal_locked', PROPOSAL_LOCKED_MESSAGE);
  }

  return {
    async overview(user: SessionUser, proposalId: string): Promise<InsuranceOverview> {
      return overviewOf(await load(user, proposalId));
    },

    /** Records the consent (LGPD art. 11, I) with its text version and time. */
    async grantConsent(
      user: SessionUser,
      proposalId: string,
      body: { version: string; accepted: true },
      ip: string | null,
    ) {
      return deps.db.transaction().execute(async (tx) => {
        const loaded = await load(user, proposalId, tx);
        const me = ownTarget(loaded, undefined);
        guardOpen(loaded);
        if (body.version !== HEALTH_CONSENT_VERSION) {
          throw new HttpError(
            400,
            'consent_outdated',
            'O texto do consentimento foi atualizado. Leia a versão atual e confirme de novo.',
            { version: 'Versão desatualizada' },
          );
        }
        const consents = await repo.findConsents(proposalId, tx);
        await repo.ensureDeclaration(
          { proposalId, buyer: me.position, userId: me.user_id!, insuranceName: loaded.insurer },
          tx,
        );
        if (!activeConsent(loaded, consents, me)) {
          await repo.insertConsent(
            {
              proposalId,
              buyer: me.position,
              userId: me.user_id!,
              version: HEALTH_CONSENT_VERSION,
              insuranceName: loaded.insurer,
              ip,
            },
            tx,
          );
          await recordAudit(tx, {
            actorId: user.id,
            action: 'health.consent_granted',
            subject: `proposal:${proposalId}/insurance/${me.position}`,
            ip,
            detail: HEALTH_CONSENT_VERSION,
          });
        }
        return overviewOf(loaded, tx);
      });
    },

    /**
     * Revocation (LGPD art. 8 §5, art. 18 IX): always possible, even while the proposal is under
     * review. Processing stops: the answers are deleted and the declaration is no longer complete.
     * The consent rows stay, with the revocation time, as the record of both.
     */
    async revokeConsent(user: SessionUser, proposalId: string, ip: string | null) {
      return deps.db.transaction().execute(async (tx) => {
        const loaded = await load(user, proposalId, tx);
        const me = ownTarget(loaded, undefined);
        await repo.revokeConsents(proposalId, me.position, tx);
        const deleted = await repo.deleteAnswers(proposalId, me.position, tx);
        await repo.setCompleted({ proposalId, buyer: me.position, completed: false, declarationVersion: null }, tx);
        await refreshProposalProgress(tx, proposalId);
        await recordAudit(tx, {
          actorId: user.id,
          action: 'health.consent_revoked',
          subject: `proposal:${proposalId}/insurance/${me.position}`,
          ip,
          detail: `answers deleted: ${deleted.reduce((n, r) => n + Number(r.numDeletedRows), 0)}`,
        });
        return overviewOf(loaded, tx);
      });
    },

    /** Saves one answer, encrypted; only the buyer themself, with consent, while the proposal is open. */
    async saveAnswer(
      user: SessionUser,
      proposalId: string,
      position: number,
      buyer: number | undefined,
      body: unknown,
    ) {
      const question = findHealthQuestion(position);
      if (!question) throw notFound();
      const parsed = healthAnswerBodySchema.safeParse(body);
      if (!parsed.success)
        throw new HttpError(400, 'validation', 'Verifique os campos destacados.', fieldErrors(parsed.error.issues));
      const canonical = canonicalAnswer(question, parsed.data);
      if ('fields' in canonical)
        throw new HttpError(
          400,
          'validation',
          'Responda também às perguntas sobre medicação e acompanhamento médico.',
          canonical.fields,
        );
      return deps.db.transaction().execute(async (tx) => {
        const loaded = await load(user, proposalId, tx);
        const me = ownTarget(loaded, buyer);
        guardOpen(loaded);
        if (!activeConsent(loaded, await repo.findConsents(proposalId, tx), me))
          throw new HttpError(409, 'consent_required', CONSENT_REQUIRED_MESSAGE);
        const { key: _key, ...secret } = canonical.answer;
        await repo.upsertAnswer(
          {
            proposalId,
            buyer: me.position,
            questionKey: question.key,
            ciphertext: deps.cipher.encrypt(JSON.stringify(secret), aadOf(proposalId, me.position, question.key)),
            keyId: deps.cipher.keyId,
            userId: user.id,
          },
          tx,
        );
        // A changed answer needs the declaration to be confirmed again.
        await repo.setCompleted({ proposalId, buyer: me.position, completed: false, declarationVersion: null }, tx);
        await refreshProposalProgress(tx, proposalId);
        return overviewOf(loaded, tx);
      });
    },

    /**
     * The answers of one buyer: the buyer reads their own; an operator with the health permission
     * reads any, and the read is written to the access log first (no log, no read). Other buyers
     * of the proposal get 403, everyone else 404.
     */
    async readAnswers(
      user: SessionUser,
      proposalId: string,
      buyer: number | undefined,
      ip: string | null,
    ): Promise<{ buyer: number; answers: HealthAnswer[]; completed: boolean; completedAt: string | null }> {
      const loaded = await load(user, proposalId);
      let target: ProposalMembersTable;
      if (user.role === 'operator') {
        const found = loaded.buyers.find((b) => b.position === (buyer ?? 0));
        if (!found) throw notFound();
        target = found;
        const subject = `proposal:${proposalId}/insurance/${target.position}`;
        if (!(await repo.hasPermission(user.id, HEALTH_READ_PERMISSION))) {
          await recordAudit(deps.db, { actorId: user.id, action: 'health.read_denied', subject, ip });
          throw new HttpError(403, 'forbidden', HEALTH_READ_DENIED_MESSAGE);
        }
        await deps.db.transaction().execute(async (tx) => {
          await repo.logAccess(
            {
              proposalId,
              buyer: target.position,
              ownerId: target.user_id,
              readerId: user.id,
              readerRole: user.role,
              action: 'read',
              ip,
            },
            tx,
          );
          await recordAudit(tx, { actorId: user.id, action: 'health.read', subject, ip });
        });
      } else {
        target = ownTarget(loaded, buyer);
      }
      const rows = await repo.findAnswerRows(proposalId, target.position);
      const answers: HealthAnswer[] = [];
      for (const q of HEALTH_QUESTIONS) {
        const row = rows.find((r) => r.question_key === q.key);
        if (!row) continue;
        try {
          const secret = JSON.parse(
            deps.cipher.decrypt(row.ciphertext, aadOf(proposalId, target.position, q.key)),
          ) as Omit<HealthAnswer, 'key'>;
          answers.push({ key: q.key, ...secret });
        } catch (err) {
          if (!(err instanceof HealthDecryptError)) throw err;
          deps.onUnreadable?.({ proposalId, buyer: target.position, question: q.key });
          throw new HttpError(
            500,
            'health_data_unreadable',
            'Não foi possível ler a declaração de saúde. A equipe técnica foi avisada.',
          );
        }
      }
      const declaration = await repo.findDeclaration(proposalId, target.position);
      return {
        buyer: target.position,
        answers,
        completed: declaration?.completed === 1,
        completedAt: iso(declaration?.completed_at ?? null),
      };
    },

    /** Confirms the declaration (insurance_completed): consent in force and all 16 answered. */
    async confirm(
      user: SessionUser,
      proposalId: string,
      body: { declaration: true; version: string },
      ip: string | null,
    ) {
      return deps.db.transaction().execute(async (tx) => {
        const loaded = await load(user, proposalId, tx);
        const me = ownTarget(loaded, undefined);
        guardOpen(loaded);
        if (!activeConsent(loaded, await repo.findConsents(proposalId, tx), me))
          throw new HttpError(409, 'consent_required', CONSENT_REQUIRED_MESSAGE);
        const declaration = insurerDeclaration(loaded.insurer);
        if (body.version !== declaration.version) {
          throw new HttpError(
            400,
            'declaration_outdated',
            'O texto da declaração foi atualizado. Leia a versão atual e confirme de novo.',
            { version: 'Versão desatualizada' },
          );
        }
        const rows = await repo.findAnswerRows(proposalId, me.position, tx);
        const missing = HEALTH_QUESTIONS.filter((q) => !rows.some((r) => r.question_key === q.key));
        if (missing.length) {
          throw new HttpError(
            400,
            'incomplete',
            `Responda todas as ${HEALTH_QUESTION_COUNT} perguntas antes de confirmar. Faltam: ${missing.map((q) => q.id).join(', ')}.`,
          );
        }
        await repo.setCompleted(
          { proposalId, buyer: me.position, completed: true, declarationVersion: declaration.version },
          tx,
        );
        await refreshProposalProgress(tx, proposalId);
        await recordAudit(tx, {
          actorId: user.id,
          action: 'health.declaration_confirmed',
          subject: `proposal:${proposalId}/insurance/${me.position}`,
          ip,
          detail: declaration.version,
        });
        return overviewOf(loaded, tx);
      });
    },

    /** Who read a buyer's answers (the owner sees it; operators too). */
    async accessLog(user: SessionUser, proposalId: string, buyer: number | undefined) {
      const loaded = await load(user, proposalId);
      const target =
        user.role === 'operator' ? loaded.buyers.find((b) => b.position === (buyer ?? 0)) : ownTarget(loaded, buyer);
      if (!target) throw notFound();
      const rows = await repo.findAccessLog(proposalId, target.position);
      return rows.map((r) => ({
        at: new Date(Number(r.at)).toISOString(),
        readerName: r.reader_name ?? 'Conta removida',
        readerRole: r.reader_role,
        action: r.action,
      }));
    },
  };
}
export type InsuranceService = ReturnType<typeof createInsuranceService>;
