import type { SessionUser } from '@portal/domain/auth';
import { partiesToNotify, stageChangeError } from '@portal/domain/backoffice';
import { STAGE_LABELS, type ProposalStage, type ProposalStatus } from '@portal/domain/proposal';
import { HttpError } from '../../errors';
import { recordProposalChange } from '../audit/proposal-change';
import { updateStageFrom } from './queries/review';
import { firstName } from '../mail/greeting';
import { CHANGED_MEANWHILE, type ProposalReviewContext } from './proposal-review-context';

/**
 * The operator moves a proposal's stage (409 when the status does not allow it, or when someone
 * moved it meanwhile), recorded in the history and the audit log and e-mailed to the party it
 * concerns. On the proposal core (docs/decisions/059-the-proposal-core.md): a stage moves no step.
 */
export function changeStage(ctx: ProposalReviewContext) {
  const { proposals, mailParty, loginUrl } = ctx;
  return async (
    operator: SessionUser,
    proposalId: string,
    args: { stage: ProposalStage; reason: string },
    ip: string | null,
  ) => {
    await proposals.withProposal(operator, proposalId, {}, async ({ tx, loaded, mailQueued }) => {
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
  };
}
