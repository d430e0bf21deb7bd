import type { SessionUser } from '@portal/domain/auth';
import { nextStages, nextStatuses } from '@portal/domain/backoffice';
import type { BackofficeProposalView } from '@portal/domain/backoffice-api';
import type { ProposalStage, ProposalStatus } from '@portal/domain/proposal';
import { NO_BUYER } from '@portal/domain/proposal-facts';
import { isOpenStatus } from '@portal/domain/proposal-status';
import { ALL_SECTIONS, type AnySection } from '@portal/domain/sections-registry';
import type { ProposalSectionsTable } from '../../db/schema';
import { recordAudit } from '../audit/audit';
import type { DocumentsRepository } from '../documents/documents.repository';
import type { BackofficeRepository } from '../proposals/queries/backoffice-list';
import { toProposal, type ProposalsService } from '../proposals/proposals.service';
import { historyView } from './read-history';

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/**
 * Everything every party filled, section by section, for the operator, with the history, the
 * documents' counts and what the operator may do next; the read is recorded in the audit log. On
 * the proposal core's readProposal (docs/decisions/059-the-proposal-core.md): the proposal, its
 * sections and the financing settings are each read once.
 */
export function readProposalForOperator(deps: {
  proposals: ProposalsService;
  repo: BackofficeRepository;
  documentFiles: DocumentsRepository;
}) {
  const { repo, documentFiles } = deps;
  return (operator: SessionUser, proposalId: string, ip: string | null): Promise<BackofficeProposalView> =>
    deps.proposals.readProposal(operator, proposalId, async (read) => {
      const { loaded } = read;
      const f = await read.facts();
      const rows = await read.sections();
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
          const row = rows.find((r) => r.section === def.key && r.buyer === position);
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
      await recordAudit(read.tx, {
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
    });
}
