import type { Kysely, Transaction } from 'kysely';
import type { SessionUser } from '@portal/domain/auth';
import { partiesToNotify, stageChangeError, statusChangeError, type Party } from '@portal/domain/backoffice';
import { STAGE_LABELS, STATUS_LABELS, type ProposalStage, type ProposalStatus } from '@portal/domain/proposal';
import { findSection } from '@portal/domain/sections-registry';
import { LOGIN_PATH } from '@portal/domain/routes';
import { NO_BUYER } from '@portal/domain/proposal-facts';
import { isOpenStatus } from '@portal/domain/proposal-status';
import type { ProposalProgress } from '@portal/domain/next-step';
import type { Database, ProposalMembersTable } from '../../db/schema';
import type { Executor } from '../../db/database';
import { HttpError, notFound } from '../../errors';
import { recordProposalChange } from '../audit/proposal-change';
import { enqueueMail, type Mailer } from '../mail/outbox';
import { progressMailLines, viewerOf } from '../mail/progress-text';
import { refreshProposalProgress } from '../proposals/proposal-progress';
import { rejectSection, updateStageFrom } from '../proposals/queries/review';
import { updateStatusFrom } from '../proposals/queries/status';
import type { LoadedProposal, ProposalsService } from '../proposals/proposals.service';
import { createProposalSectionsLoader, sectionTitle } from './proposal-sections';

export const CORRECTION_LOCKED =
  'Só é possível pedir correção com a proposta em preenchimento, em análise ou com correção pendente.';
export const SECTION_NOT_SENT = 'Esta seção ainda não foi enviada: não há o que corrigir.';
export const CHANGED_MEANWHILE = 'A proposta mudou enquanto você decidia. Recarregue a página e tente de novo.';
const firstName = (name: string) => name.split(' ')[0] ?? name;

type Loaded = LoadedProposal;

/**
 * What an operator changes on a proposal: its status (along the machine's edges), its stage, and a
 * section sent back for correction. Each change is recorded in the history and the audit log and
 * e-mailed to the party it asks something of, in one transaction.
 */
export function createProposalReviewService(deps: {
  db: Kysely<Database>;
  dialect: 'sqlite' | 'postgres';
  mailer: Mailer;
  publicUrl: string;
  /** The one proposals service (services.ts). */
  proposals: ProposalsService;
}) {
  const { load } = createProposalSectionsLoader(deps.db, deps.proposals);

  /** E-mails a party (the buyers or the sellers with an account link) about something to do. */
  async function mailParty(
    tx: Executor,
    loaded: Loaded,
    party: Party,
    message: (member: ProposalMembersTable) => { subject: string; text: string },
    only?: ProposalMembersTable[],
  ) {
    const targets = only ?? (party === 'buyer' ? loaded.buyers : loaded.sellers);
    for (const member of targets) {
      const { subject, text } = message(member);
      await enqueueMail(tx, { to: member.email, subject, text, kind: 'proposal_update' });
    }
  }

  const loginUrl = (party: Party) => `${deps.publicUrl}${LOGIN_PATH[party]}`;

  /** Moves the status along one edge of the machine, recorded and (when it asks something) e-mailed. */
  async function applyStatus(
    tx: Transaction<Database>,
    loaded: Loaded,
    args: { to: ProposalStatus; reason: string; actorId: string; ip: string | null; notify: boolean },
    // Sending for analysis is a step of the buyers: the status moves the progress, stored by `moved`.
    moved: () => Promise<ProposalProgress | null>,
  ) {
    const from = loaded.proposal.status as ProposalStatus;
    const error = statusChangeError(from, args.to);
    if (error) throw new HttpError(409, 'invalid_transition', error, { status: error });
    const now = Date.now();
    const updated = await updateStatusFrom(tx, { proposalId: loaded.proposal.id, from, to: args.to, now });
    if (Number(updated.numUpdatedRows) !== 1) throw new HttpError(409, 'conflict', CHANGED_MEANWHILE);
    const progress = await moved();
    await recordProposalChange(tx, {
      proposalId: loaded.proposal.id,
      actorId: args.actorId,
      kind: 'status',
      from,
      to: args.to,
      reason: args.reason,
      at: now,
      action: 'proposal.status_changed',
      ip: args.ip,
      detail: `${from} → ${args.to}`,
    });
    if (args.notify) {
      for (const party of partiesToNotify({ kind: 'status', to: args.to })) {
        await mailParty(tx, loaded, party, (m) => ({
          subject: `Proposta ${loaded.proposal.code}: ${STATUS_LABELS[args.to].toLowerCase()}`,
          text: [
            `Olá, ${firstName(m.name)}.`,
            '',
            `A proposta ${loaded.proposal.code} está agora com a situação “${STATUS_LABELS[args.to]}”. A equipe do Portal de Propostas precisa que você corrija algumas informações.`,
            '',
            `Motivo: ${args.reason}`,
            '',
            ...(progress ? [...progressMailLines(progress, viewerOf(m)), ''] : []),
            `Entre em ${loginUrl(party)} para ver o que falta.`,
          ].join('\n'),
        }));
      }
    }
    loaded.proposal.status = args.to;
  }

  return {
    async changeStatus(
      operator: SessionUser,
      proposalId: string,
      args: { status: ProposalStatus; reason: string },
      ip: string | null,
    ) {
      // On the proposal core (docs/decisions/059-the-proposal-core.md): the status moved, the core
      // stores the progress and refreshes the queue's waits (docs/decisions/050), then kicks the mail.
      const change = { to: args.status, reason: args.reason, actorId: operator.id, ip, notify: true };
      await deps.proposals.withProposal(operator, proposalId, { progress: true, touch: false }, async (work) => {
        await applyStatus(work.tx, work.loaded, change, async () => {
          work.statusChanged(args.status);
          return work.progress();
        });
        work.mailQueued();
      });
    },

    async changeStage(
      operator: SessionUser,
      proposalId: string,
      args: { stage: ProposalStage; reason: string },
      ip: string | null,
    ) {
      // On the proposal core (docs/decisions/059-the-proposal-core.md): a stage moves no step.
      await deps.proposals.withProposal(operator, proposalId, {}, async ({ tx, loaded, mailQueued }) => {
        const from = loaded.proposal.stage as ProposalStage;
        const error = stageChangeError(loaded.proposal.status as ProposalStatus, from, args.stage);
        if (error) throw new HttpError(409, 'invalid_transition', error, { stage: error });
        const now = Date.now();
        const updated = await updateStageFrom(tx, {
          proposalId,
          from,
          to: args.stage,
          status: loaded.proposal.status,
          now,
        });
        if (Number(updated.numUpdatedRows) !== 1) throw new HttpError(409, 'conflict', CHANGED_MEANWHILE);
        await recordProposalChange(tx, {
          proposalId,
          actorId: operator.id,
          kind: 'stage',
          from,
          to: args.stage,
          reason: args.reason,
          at: now,
          action: 'proposal.stage_changed',
          ip,
          detail: `${from} → ${args.stage}`,
        });
        for (const party of partiesToNotify({ kind: 'stage', to: args.stage })) {
          await mailParty(tx, loaded, party, (m) => ({
            subject: `Proposta ${loaded.proposal.code}: ${STAGE_LABELS[args.stage].toLowerCase()}`,
            text: [
              `Olá, ${firstName(m.name)}.`,
              '',
              `A proposta ${loaded.proposal.code} entrou na etapa “${STAGE_LABELS[args.stage]}”. O avaliador do banco vai entrar em contato para agendar a visita ao imóvel: confira se o contato para a vistoria está correto.`,
              '',
              `Observação da equipe: ${args.reason}`,
              '',
              `Entre em ${loginUrl(party)} para conferir.`,
            ].join('\n'),
          }));
        }
        mailQueued();
      });
    },

    /**
     * Asks whoever filled a section to correct it: the section goes back to 'rejected' with the
     * note, the progress drops, a proposal under review goes to 'pending correction' (so it can be
     * edited again), the party is e-mailed, and the history records it — all or nothing.
     */
    async requestCorrection(
      operator: SessionUser,
      proposalId: string,
      key: string,
      args: { buyer?: number; note: string },
      ip: string | null,
    ) {
      await deps.db.transaction().execute(async (tx) => {
        const loaded = await load(operator, proposalId, tx);
        const def = findSection(key);
        if (!def) throw notFound();
        if ((def.scope === 'buyer') !== (args.buyer !== undefined)) throw notFound();
        if (def.scope === 'buyer' && !loaded.buyers.some((b) => b.position === args.buyer)) throw notFound();
        const position = def.scope === 'buyer' ? args.buyer! : NO_BUYER;
        if (!isOpenStatus(loaded.proposal.status)) throw new HttpError(409, 'proposal_locked', CORRECTION_LOCKED);
        const row = loaded.sections.find((r) => r.section === key && r.buyer === position);
        if (!row || row.status !== 'done') throw new HttpError(409, 'section_not_sent', SECTION_NOT_SENT);
        const now = Date.now();
        await rejectSection(tx, { sectionId: row.id, note: args.note, operatorId: operator.id, now });
        row.status = 'rejected';
        const progress = await refreshProposalProgress(tx, proposalId);
        const section = def.scope === 'buyer' ? `${key}:${position}` : key;
        await recordProposalChange(tx, {
          proposalId,
          actorId: operator.id,
          kind: 'correction',
          reason: args.note,
          section: { key: section, scope: def.scope },
          at: now,
          action: 'proposal.correction_requested',
          subject: `proposal:${proposalId}/${section.replace(':', '/')}`,
          ip,
        });
        // A correction reopens the parts (docs/decisions/042-one-lifecycle.md): with the team, the
        // proposal waits for the correction; while it waits for the seller, a correction of the
        // buyers' part takes their sending back (they send again once it is fixed). The note itself
        // stays in the correction entry, read only by whoever fills the section.
        const status = loaded.proposal.status;
        const reopen: ProposalStatus | null =
          status === 'under_review' || status === 'correction_answered'
            ? 'pending_correction'
            : status === 'awaiting_seller' && def.scope !== 'seller'
              ? 'filling'
              : null;
        if (reopen) {
          await applyStatus(
            tx,
            loaded,
            { to: reopen, reason: `Correção pedida: ${def.title}.`, actorId: operator.id, ip, notify: false },
            () => refreshProposalProgress(tx, proposalId, { touch: false }),
          );
        }
        const party: Party = def.scope === 'seller' ? 'seller' : 'buyer';
        const only =
          def.scope === 'seller'
            ? loaded.sellers
            : loaded.buyers.filter((b) => b.position === (def.scope === 'buyer' ? position : 0));
        const title = sectionTitle(key, def.scope === 'buyer' ? position : null, loaded.buyers.length);
        await mailParty(
          tx,
          loaded,
          party,
          (m) => ({
            subject: `Proposta ${loaded.proposal.code}: corrija “${def.title}”`,
            text: [
              `Olá, ${firstName(m.name)}.`,
              '',
              `A equipe do Portal de Propostas revisou a proposta ${loaded.proposal.code} e pede uma correção em “${title}”.`,
              '',
              `O que corrigir: ${args.note}`,
              '',
              ...(progress ? [...progressMailLines(progress, viewerOf(m)), ''] : []),
              `Entre em ${loginUrl(party)}, corrija e envie a seção de novo.`,
            ].join('\n'),
          }),
          only,
        );
      });
      deps.mailer.kick();
    },
  };
}
export type ProposalReviewService = ReturnType<typeof createProposalReviewService>;
