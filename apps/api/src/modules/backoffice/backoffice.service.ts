import type { Kysely, Transaction } from 'kysely';
import type { SessionUser } from '@portal/domain/auth';
import {
  formatProposalCode,
  historyAudience,
  isHistoryVisible,
  nextStages,
  nextStatuses,
  partiesToNotify,
  stageChangeError,
  statusChangeError,
  type HistoryEntry,
  type HistoryKind,
  type NewProposal,
  type Party,
} from '@portal/domain/backoffice';
import { STAGE_LABELS, STATUS_LABELS, type ProposalStage, type ProposalStatus } from '@portal/domain/proposal';
import { ALL_SECTIONS, findSection, type AnySection } from '@portal/domain/sections-registry';
import type { ProposalFacts } from '@portal/domain/section';
import { LOGIN_PATH } from '@portal/domain/routes';
import { NO_BUYER } from '@portal/domain/proposal-facts';
import { isOpenStatus } from '@portal/domain/proposal-status';
import type { Database, ProposalMembersTable, ProposalSectionsTable } from '../../db/schema';
import type { Executor } from '../../db/database';
import { HttpError, notFound } from '../../errors';
import { newId } from '../../crypto';
import { recordAudit } from '../audit/audit';
import { loadProposalFacts } from '../proposals/proposal-facts';
import { createProposalsService, toProposal, type LoadedProposal } from '../proposals/proposals.service';
import { inviteMember } from '../invitations/invite';
import { enqueueMail, type Mailer } from '../mail/outbox';
import { refreshProposalProgress } from '../financing/proposal-progress';
import { createBackofficeRepository } from './backoffice.repository';
import { syncProposalIndex } from './search-index';

export const CORRECTION_LOCKED =
  'Só é possível pedir correção com a proposta em preenchimento, em análise ou com correção pendente.';
export const SECTION_NOT_SENT = 'Esta seção ainda não foi enviada: não há o que corrigir.';
export const CHANGED_MEANWHILE = 'A proposta mudou enquanto você decidia. Recarregue a página e tente de novo.';
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
const firstName = (name: string) => name.split(' ')[0] ?? name;

interface Loaded extends LoadedProposal {
  sections: ProposalSectionsTable[];
}

export function createBackofficeService(deps: {
  db: Kysely<Database>;
  dialect: 'sqlite' | 'postgres';
  mailer: Mailer;
  publicUrl: string;
  hasDocuments: () => Promise<boolean>;
}) {
  const repo = createBackofficeRepository(deps.db, { dialect: deps.dialect, hasDocuments: deps.hasDocuments });

  const proposals = createProposalsService({ db: deps.db });

  /** The proposal as this caller may see it (404 for anyone not on it), with its section rows. */
  async function load(caller: SessionUser, proposalId: string, tx: Executor = deps.db): Promise<Loaded> {
    const loaded = await proposals.loadProposalFor(caller, proposalId, tx);
    return { ...loaded, sections: await repo.findSections(proposalId, tx) };
  }

  function facts(loaded: Loaded, tx: Executor = deps.db): Promise<ProposalFacts> {
    return loadProposalFacts(tx, { proposal: loaded.proposal, buyers: loaded.buyers.length, rows: loaded.sections });
  }

  function sectionTitle(key: string, buyer: number | null, buyers: number) {
    const def = findSection(key);
    const title = def?.title ?? key;
    return buyer !== null && buyers > 1
      ? `${title} — ${buyer === 0 ? 'comprador principal' : 'segundo comprador'}`
      : title;
  }

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

  function historyView(
    rows: Awaited<ReturnType<typeof repo.findHistory>>,
    viewer: SessionUser,
    buyers: number,
  ): HistoryEntry[] {
    return rows
      .filter((r) => isHistoryVisible(r.audience.split(',').filter(Boolean), viewer.role))
      .map((r) => {
        const [sectionKey, buyerText] = (r.section ?? '').split(':');
        const section = r.section
          ? sectionTitle(sectionKey!, buyerText === undefined ? null : Number(buyerText), buyers)
          : null;
        const label =
          r.kind === 'created'
            ? 'Proposta criada'
            : r.kind === 'status'
              ? `Situação: ${STATUS_LABELS[r.from_value as ProposalStatus] ?? r.from_value} → ${STATUS_LABELS[r.to_value as ProposalStatus] ?? r.to_value}`
              : r.kind === 'stage'
                ? `Etapa: ${STAGE_LABELS[r.from_value as ProposalStage] ?? r.from_value} → ${STAGE_LABELS[r.to_value as ProposalStage] ?? r.to_value}`
                : `Correção pedida: ${section ?? ''}`;
        return {
          id: r.id,
          at: new Date(r.at).toISOString(),
          kind: r.kind as HistoryKind,
          from: r.from_value,
          to: r.to_value,
          label,
          reason: r.reason,
          actor: viewer.role === 'operator' ? (r.actor_name ?? null) : 'Equipe do portal',
          section,
        };
      });
  }

  /** Moves the status along one edge of the machine, recorded and (when it asks something) e-mailed. */
  async function applyStatus(
    tx: Transaction<Database>,
    loaded: Loaded,
    args: { to: ProposalStatus; reason: string; actorId: string; ip: string | null; notify: boolean },
  ) {
    const from = loaded.proposal.status as ProposalStatus;
    const error = statusChangeError(from, args.to);
    if (error) throw new HttpError(409, 'invalid_transition', error, { status: error });
    const now = Date.now();
    const updated = await tx
      .updateTable('proposals')
      .set({ status: args.to, updated_at: now })
      .where('id', '=', loaded.proposal.id)
      .where('status', '=', from)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw new HttpError(409, 'conflict', CHANGED_MEANWHILE);
    // Sending for analysis is a step of the buyers: the status moves the progress.
    await refreshProposalProgress(tx, loaded.proposal.id, { touch: false });
    await repo.addHistory(tx, {
      proposal_id: loaded.proposal.id,
      actor_id: args.actorId,
      kind: 'status',
      from_value: from,
      to_value: args.to,
      reason: args.reason,
      audience: historyAudience('status').join(','),
      section: null,
      at: now,
    });
    await recordAudit(tx, {
      actorId: args.actorId,
      action: 'proposal.status_changed',
      subject: `proposal:${loaded.proposal.id}`,
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
            `Entre em ${loginUrl(party)} para ver o que falta.`,
          ].join('\n'),
        }));
      }
    }
    loaded.proposal.status = args.to;
  }

  return {
    repo,
    listProposals: repo.listProposals,

    /** Creates the proposal, invites each buyer (set-password e-mail) and indexes it, in one transaction. */
    async createProposal(operator: SessionUser, input: NewProposal, ip: string | null) {
      const result = await deps.db.transaction().execute(async (tx) => {
        const fields: Record<string, string> = {};
        for (const [i, b] of input.buyers.entries()) {
          const byEmail = await tx
            .selectFrom('users')
            .select(['role', 'cpf'])
            .where('email', '=', b.email)
            .executeTakeFirst();
          if (byEmail && byEmail.role !== 'buyer')
            fields[`buyers.${i}.email`] = 'Este e-mail já é usado por uma conta de vendedor ou de operador';
          else if (byEmail && byEmail.cpf && byEmail.cpf !== b.cpf)
            fields[`buyers.${i}.cpf`] = 'Este e-mail pertence a um comprador com outro CPF';
          const byCpf = await tx
            .selectFrom('users')
            .select('email')
            .where('cpf', '=', b.cpf)
            .where('role', '=', 'buyer')
            .executeTakeFirst();
          if (byCpf && byCpf.email !== b.email)
            fields[`buyers.${i}.email`] ??= 'Este CPF já tem conta com outro e-mail: use o e-mail cadastrado';
        }
        if (Object.keys(fields).length)
          throw new HttpError(400, 'validation', 'Verifique os campos destacados.', fields);

        const now = Date.now();
        const year = new Date(now).getFullYear();
        const code = formatProposalCode(input.type, year, await repo.nextProposalCode(tx, input.type, year));
        const id = newId();
        const { type, kind, zipCode, uf, city } = input.property;
        await tx
          .insertInto('proposals')
          .values({
            id,
            code,
            type: input.type,
            status: 'filling',
            stage: 'registration',
            filling_status: 0,
            property: JSON.stringify({ type, kind, zipCode, uf, city }),
            financing: JSON.stringify(input.financingOrCgiData),
            insurer: input.financingOrCgiData.insuranceCompanyName,
            created_at: now,
            updated_at: now,
          })
          .execute();
        for (const [position, b] of input.buyers.entries()) {
          await inviteMember(tx, {
            proposalId: id,
            proposalCode: code,
            role: 'buyer',
            position,
            name: b.name,
            email: b.email,
            cpf: b.cpf,
            publicUrl: deps.publicUrl,
            invitedBy: operator.id,
          });
        }
        await syncProposalIndex(tx, id);
        await repo.addHistory(tx, {
          proposal_id: id,
          actor_id: operator.id,
          kind: 'created',
          from_value: null,
          to_value: 'filling',
          reason: null,
          audience: historyAudience('created').join(','),
          section: null,
          at: now,
        });
        await recordAudit(tx, {
          actorId: operator.id,
          action: 'proposal.created',
          subject: `proposal:${id}`,
          ip,
          detail: code,
        });
        return { id, code };
      });
      deps.mailer.kick();
      return result;
    },

    /** Everything every party filled, section by section, for the operator (a recorded read). */
    async getProposal(operator: SessionUser, proposalId: string, ip: string | null) {
      const loaded = await load(operator, proposalId);
      const f = await facts(loaded);
      const sections: {
        key: string;
        title: string;
        scope: AnySection['scope'];
        buyer: number | null;
        required: boolean;
        status: ProposalSectionsTable['status'];
        values: Record<string, unknown> | null;
        hasDraft: boolean;
        submittedAt: string | null;
        reviewNote: string | null;
      }[] = [];
      for (const def of ALL_SECTIONS as readonly AnySection[]) {
        const positions = def.scope === 'buyer' ? loaded.buyers.map((b) => b.position) : [NO_BUYER];
        for (const position of positions) {
          const row = loaded.sections.find((r) => r.section === def.key && r.buyer === position);
          const buyer = def.scope === 'buyer' ? position : null;
          sections.push({
            key: def.key,
            title: def.title,
            scope: def.scope,
            buyer,
            required: def.required?.(f, buyer) ?? true,
            status: row?.status ?? 'todo',
            values: row?.data ? (JSON.parse(row.data) as Record<string, unknown>) : null,
            hasDraft: Boolean(row?.draft),
            submittedAt: iso(row?.submitted_at ?? null),
            reviewNote: row?.review_note ?? null,
          });
        }
      }
      const history = historyView(await repo.findHistory(proposalId), operator, loaded.buyers.length);
      const permissions = await repo.permissionsOf(operator.id);
      let documents: { pending: number; accepted: number; rejected: number } | null = null;
      if (await deps.hasDocuments()) {
        const counts = await deps.db
          .selectFrom('document_files')
          .select(['status', (eb) => eb.fn.countAll<number | string>().as('n')])
          .where('proposal_id', '=', proposalId)
          .groupBy('status')
          .execute();
        const n = (s: string) => Number(counts.find((c) => c.status === s)?.n ?? 0);
        documents = { pending: n('sent'), accepted: n('accepted'), rejected: n('rejected') };
      }
      await recordAudit(deps.db, {
        actorId: operator.id,
        action: 'proposal.read',
        subject: `proposal:${proposalId}`,
        ip,
      });
      const status = loaded.proposal.status as ProposalStatus;
      return {
        proposal: toProposal(loaded.proposal, loaded.members, operator),
        members: loaded.members.map((m) => ({
          id: m.id,
          role: m.role,
          position: m.position,
          name: m.name,
          email: m.email,
          cpf: m.cpf,
          hasAccount: m.user_id !== null,
        })),
        sections,
        history,
        nextStatuses: nextStatuses(status),
        nextStages: nextStages(status, loaded.proposal.stage as ProposalStage),
        canRequestCorrection: isOpenStatus(status),
        canViewHealth: permissions.includes('health:read'),
        documents,
        sellerCompletedAt: iso(loaded.proposal.seller_completed_at ?? null),
      };
    },

    async changeStatus(
      operator: SessionUser,
      proposalId: string,
      args: { status: ProposalStatus; reason: string },
      ip: string | null,
    ) {
      await deps.db.transaction().execute(async (tx) => {
        const loaded = await load(operator, proposalId, tx);
        await applyStatus(tx, loaded, { to: args.status, reason: args.reason, actorId: operator.id, ip, notify: true });
      });
      deps.mailer.kick();
    },

    async changeStage(
      operator: SessionUser,
      proposalId: string,
      args: { stage: ProposalStage; reason: string },
      ip: string | null,
    ) {
      await deps.db.transaction().execute(async (tx) => {
        const loaded = await load(operator, proposalId, tx);
        const from = loaded.proposal.stage as ProposalStage;
        const error = stageChangeError(loaded.proposal.status as ProposalStatus, from, args.stage);
        if (error) throw new HttpError(409, 'invalid_transition', error, { stage: error });
        const now = Date.now();
        const updated = await tx
          .updateTable('proposals')
          .set({ stage: args.stage, updated_at: now })
          .where('id', '=', proposalId)
          .where('stage', '=', from)
          .where('status', '=', loaded.proposal.status)
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) !== 1) throw new HttpError(409, 'conflict', CHANGED_MEANWHILE);
        await repo.addHistory(tx, {
          proposal_id: proposalId,
          actor_id: operator.id,
          kind: 'stage',
          from_value: from,
          to_value: args.stage,
          reason: args.reason,
          audience: historyAudience('stage').join(','),
          section: null,
          at: now,
        });
        await recordAudit(tx, {
          actorId: operator.id,
          action: 'proposal.stage_changed',
          subject: `proposal:${proposalId}`,
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
      });
      deps.mailer.kick();
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
        await tx
          .updateTable('proposal_sections')
          .set((eb) => ({
            status: 'rejected',
            review_note: args.note,
            updated_by: operator.id,
            updated_at: now,
            version: eb('version', '+', 1),
          }))
          .where('id', '=', row.id)
          .execute();
        row.status = 'rejected';
        await refreshProposalProgress(tx, proposalId);
        const section = def.scope === 'buyer' ? `${key}:${position}` : key;
        await repo.addHistory(tx, {
          proposal_id: proposalId,
          actor_id: operator.id,
          kind: 'correction',
          from_value: null,
          to_value: null,
          reason: args.note,
          audience: historyAudience('correction', def.scope).join(','),
          section,
          at: now,
        });
        await recordAudit(tx, {
          actorId: operator.id,
          action: 'proposal.correction_requested',
          subject: `proposal:${proposalId}/${section.replace(':', '/')}`,
          ip,
        });
        if (loaded.proposal.status === 'under_review') {
          await applyStatus(tx, loaded, {
            to: 'pending_correction',
            reason: `Correção pedida: ${def.title}. ${args.note}`,
            actorId: operator.id,
            ip,
            notify: false,
          });
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
              `Entre em ${loginUrl(party)}, corrija e envie a seção de novo.`,
            ].join('\n'),
          }),
          only,
        );
      });
      deps.mailer.kick();
    },

    /** History of a proposal for one of its parties (buyers and sellers: only what concerns them); 404 for strangers. */
    async historyFor(
      user: SessionUser,
      proposalId: string,
    ): Promise<{
      status: ProposalStatus;
      statusLabel: string;
      stage: ProposalStage;
      stageLabel: string;
      entries: HistoryEntry[];
    }> {
      const loaded = await load(user, proposalId);
      const status = loaded.proposal.status as ProposalStatus;
      const stage = loaded.proposal.stage as ProposalStage;
      return {
        status,
        statusLabel: STATUS_LABELS[status],
        stage,
        stageLabel: STAGE_LABELS[stage],
        entries: historyView(await repo.findHistory(proposalId), user, loaded.buyers.length),
      };
    },
  };
}
export type BackofficeService = ReturnType<typeof createBackofficeService>;
