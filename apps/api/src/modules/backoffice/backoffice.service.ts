import type { Kysely } from 'kysely';
import type { SessionUser } from '@portal/domain/auth';
import {
  formatProposalCode,
  isHistoryVisible,
  noteAudience,
  nextStages,
  nextStatuses,
  type HistoryEntry,
  type HistoryKind,
  type NewProposal,
} from '@portal/domain/backoffice';
import type { BackofficeProposalView, ProposalHistory } from '@portal/domain/backoffice-api';
import { STAGE_LABELS, STATUS_LABELS, type ProposalStage, type ProposalStatus } from '@portal/domain/proposal';
import { ALL_SECTIONS, type AnySection } from '@portal/domain/sections-registry';
import { NO_BUYER } from '@portal/domain/proposal-facts';
import { isOpenStatus } from '@portal/domain/proposal-status';
import type { Database, ProposalSectionsTable } from '../../db/schema';
import { HttpError } from '../../errors';
import { newId } from '../../crypto';
import { recordAudit } from '../audit/audit';
import { recordProposalChange } from '../audit/proposal-change';
import { createDocumentsRepository } from '../documents/documents.repository';
import { toProposal } from '../proposals/proposals.service';
import { inviteMember } from '../invitations/invite';
import type { Mailer } from '../mail/outbox';
import { createBackofficeRepository } from '../proposals/queries/backoffice-list';
import { insertProposal } from '../proposals/queries/new-proposal';
import type { ProposalsService } from '../proposals/proposals.service';
import { sectionTitle } from '@portal/domain/sections-registry';
import { createProposalSectionsLoader } from '../sections/operator-sections';
import { syncProposalIndex } from '../proposals/search-index';
import { refreshQueueWaits } from '../proposals/queue-waits';

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/**
 * The operator's reading side of the back office: the list, a new proposal with its invitations,
 * everything a proposal holds, and its history (for every party). Changes of status, stage and
 * corrections are in proposal-review.service.ts.
 */
export function createBackofficeService(deps: {
  db: Kysely<Database>;
  dialect: 'sqlite' | 'postgres';
  mailer: Mailer;
  publicUrl: string;
  /** The one proposals service (services.ts). */
  proposals: ProposalsService;
}) {
  const repo = createBackofficeRepository(deps.db, { dialect: deps.dialect });
  const documentFiles = createDocumentsRepository(deps.db);
  const { load, facts } = createProposalSectionsLoader(deps.db, deps.proposals);

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
          // The entry is seen by every party; its note only by the party it is written to.
          reason:
            viewer.role === 'operator' ||
            r.kind === 'correction' ||
            noteAudience({
              kind: r.kind as HistoryKind,
              to: r.to_value,
              byParty: r.actor_role === 'buyer' || r.actor_role === 'seller',
            }).includes(viewer.role)
              ? r.reason
              : null,
          actor: viewer.role === 'operator' ? (r.actor_name ?? null) : 'Equipe do portal',
          section,
        };
      });
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
        await insertProposal(tx, {
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
        });
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
        await refreshQueueWaits(tx, id, { now, validityDays: deps.proposals.validityDays });
        await recordProposalChange(tx, {
          proposalId: id,
          actorId: operator.id,
          kind: 'created',
          to: 'filling',
          reason: null,
          at: now,
          action: 'proposal.created',
          ip,
          detail: code,
        });
        return { id, code };
      });
      deps.mailer.kick();
      return result;
    },

    /** Everything every party filled, section by section, for the operator (a recorded read). */
    async getProposal(operator: SessionUser, proposalId: string, ip: string | null): Promise<BackofficeProposalView> {
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
      const documents = await documentFiles.countByStatus(proposalId);
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

    /** History of a proposal for one of its parties (buyers and sellers: only what concerns them); 404 for strangers. */
    async historyFor(user: SessionUser, proposalId: string): Promise<ProposalHistory> {
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
