import type { SessionUser } from '@portal/domain/auth';
import type { Party } from '@portal/domain/backoffice';
import type { ProposalStatus } from '@portal/domain/proposal';
import { findSection } from '@portal/domain/sections-registry';
import { NO_BUYER } from '@portal/domain/proposal-facts';
import { isOpenStatus } from '@portal/domain/proposal-status';
import { HttpError, notFound } from '../../errors';
import { recordProposalChange } from '../audit/proposal-change';
import { progressMailLines, viewerOf } from '../mail/progress-text';
import { rejectSection } from './queries/review';
import { sectionTitle } from '@portal/domain/sections-registry';
import { firstName } from '../mail/greeting';
import { CORRECTION_LOCKED, SECTION_NOT_SENT, type ProposalReviewContext } from './proposal-review-context';

/**
 * Asks whoever filled a section to correct it: the section goes back to 'rejected' with the
 * note, the progress drops, a proposal under review goes to 'pending correction' (so it can be
 * edited again), the party is e-mailed, and the history records it — all or nothing.
 *
 * On the proposal core (docs/decisions/059-the-proposal-core.md): the section's row as rejected
 * feeds the progress (nothing read back); the mail tells the progress with the section sent back,
 * before any status move; a status move is written here (`applyStatus`, which moves `updated_at`)
 * and the core then stores the percentage without touching `updated_at`, otherwise it stores it
 * and touches it. The queue's waits are refreshed on every correction (`refreshQueue`).
 */
export function requestCorrection(ctx: ProposalReviewContext) {
  const { proposals, applyStatus, mailParty, loginUrl } = ctx;
  return async (
    operator: SessionUser,
    proposalId: string,
    key: string,
    args: { buyer?: number; note: string },
    ip: string | null,
  ) => {
    await proposals.withProposal(operator, proposalId, { progress: true, refreshQueue: true }, async (work) => {
      const { tx, loaded } = work;
      const def = findSection(key);
      if (!def) throw notFound();
      if ((def.scope === 'buyer') !== (args.buyer !== undefined)) throw notFound();
      if (def.scope === 'buyer' && !loaded.buyers.some((b) => b.position === args.buyer)) throw notFound();
      const position = def.scope === 'buyer' ? args.buyer! : NO_BUYER;
      if (!isOpenStatus(loaded.proposal.status)) throw new HttpError(409, 'proposal_locked', CORRECTION_LOCKED);
      const row = (await work.sections()).find((r) => r.section === key && r.buyer === position);
      if (!row || row.status !== 'done') throw new HttpError(409, 'section_not_sent', SECTION_NOT_SENT);
      const now = Date.now();
      await rejectSection(tx, { sectionId: row.id, note: args.note, operatorId: operator.id, now });
      work.sectionWritten({
        ...row,
        status: 'rejected',
        review_note: args.note,
        updated_by: operator.id,
        updated_at: now,
        version: row.version + 1,
      });
      // What the mail tells: the section sent back, the status as it was asked in.
      const progress = await work.progress();
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
        const change = {
          to: reopen,
          reason: `Correção pedida: ${def.title}.`,
          actorId: operator.id,
          ip,
          notify: false,
        };
        await applyStatus(tx, loaded, change, async () => {
          work.statusChanged(reopen);
          return null;
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
            ...progressMailLines(progress, viewerOf(m)),
            '',
            `Entre em ${loginUrl(party)}, corrija e envie a seção de novo.`,
          ].join('\n'),
        }),
        only,
      );
      work.mailQueued();
    });
  };
}
