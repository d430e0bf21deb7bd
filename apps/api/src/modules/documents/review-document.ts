import type { Transaction } from 'kysely';
import type { SessionUser } from '@portal/domain/auth';
import type { DocumentItemDef, FileStatus } from '@portal/domain/documents';
import type { ProposalProgress } from '@portal/domain/next-step';
import type { Database, DocumentFilesTable, ProposalMembersTable } from '../../db/schema';
import type { Executor } from '../../db/database';
import { HttpError } from '../../errors';
import { enqueueMail } from '../mail/outbox';
import { progressMailLines, viewerOf } from '../mail/progress-text';
import { eventAudit, type DocumentAccess, type DocumentsProposal } from './document-access';
import { firstName } from '../mail/greeting';

type Loaded = DocumentsProposal;
type Decision = { decision: 'accept' | 'reject'; reason?: string };

/**
 * The operator reviews a proposal's documents (back office): one file, or a whole item, accepted
 * or refused. A refusal reopens the item and e-mails its people with the progress as it now stands.
 */
export function reviewDocument(deps: { access: DocumentAccess; publicUrl: string }) {
  const { access } = deps;
  const { documentsProposal, visibleItem, visibleFile, logEvent, documentsView } = access;

  /** Who hears about a rejected item: the people who send it, and whoever sent the file. */
  async function recipientsFor(tx: Executor, loaded: Loaded, item: DocumentItemDef, uploaders: string[]) {
    let members: ProposalMembersTable[];
    if (item.uploader === 'seller') members = loaded.members.filter((m) => m.role === 'seller');
    else if (item.buyer === null) members = loaded.buyers;
    else {
      const owner = loaded.buyers.find((b) => b.position === item.buyer);
      members = owner?.user_id ? [owner] : loaded.buyers.filter((b) => b.position === 0);
    }
    const people = new Map<string, { name: string; role: 'buyer' | 'seller' }>();
    for (const m of members) people.set(m.email.toLowerCase(), { name: m.name, role: m.role });
    if (uploaders.length) {
      const users = await tx
        .selectFrom('users')
        .select(['email', 'name', 'role'])
        .where('id', 'in', [...new Set(uploaders)])
        .execute();
      for (const u of users)
        if (u.role !== 'operator') people.set(u.email.toLowerCase(), { name: u.name, role: u.role });
    }
    return [...people.entries()].map(([email, p]) => ({ email, ...p }));
  }

  async function notifyRejection(
    tx: Transaction<Database>,
    loaded: Loaded,
    item: DocumentItemDef,
    reason: string,
    uploaders: string[],
    // The review already moved the steps: the count and next step as the screens now show them.
    progress: ProposalProgress,
  ) {
    for (const r of await recipientsFor(tx, loaded, item, uploaders)) {
      const position = loaded.buyers.find((b) => b.email.toLowerCase() === r.email)?.position ?? 0;
      const path = r.role === 'seller' ? `/seller/proposals/${loaded.proposal.id}/upload` : '/buyer/documents/upload';
      await enqueueMail(tx, {
        to: r.email,
        kind: 'document_rejected',
        subject: `Documento recusado — proposta ${loaded.proposal.code}`,
        text: [
          `Olá, ${firstName(r.name)}.`,
          '',
          `O documento "${item.title}" da proposta ${loaded.proposal.code} foi recusado na análise.`,
          `Motivo: ${reason}`,
          '',
          `Envie um novo arquivo em: ${deps.publicUrl}${path}`,
          '',
          ...progressMailLines(progress, viewerOf({ role: r.role, position })),
          '',
          'Portal de Propostas',
        ].join('\n'),
      });
    }
  }

  /**
   * A review on the proposal core (docs/decisions/059-the-proposal-core.md): the files decided, one
   * event each, the progress (it reads the files again) and the queue's waits, a refusal e-mailed
   * with the progress as it now stands; the answer is the list as the operator now reads it.
   */
  function review(
    user: SessionUser,
    proposalId: string,
    decision: Decision,
    pick: (
      loaded: Loaded,
      tx: Transaction<Database>,
    ) => Promise<{ item: DocumentItemDef; files: Pick<DocumentFilesTable, 'id' | 'uploaded_by'>[] }>,
  ) {
    const reason = reviewReason(decision);
    const options = { progress: true, touch: false };
    return access.proposals
      .withProposal(user, proposalId, options, async (work) => {
        const loaded = await documentsProposal(work);
        const { item, files } = await pick(loaded, work.tx);
        const status: FileStatus = decision.decision === 'accept' ? 'accepted' : 'rejected';
        await work.tx
          .updateTable('document_files')
          .set({ status, review_reason: reason, reviewed_by: user.id, reviewed_at: Date.now() })
          .where(
            'id',
            'in',
            files.map((f) => f.id),
          )
          .execute();
        for (const f of files) {
          const e = { proposalId, item: item.key, fileId: f.id, action: status, reason, actorId: user.id };
          await logEvent(work.tx, e);
          work.audit(eventAudit(e));
        }
        work.documentsChanged();
        if (reason) {
          const uploaders = files.map((f) => f.uploaded_by);
          await notifyRejection(work.tx, loaded, item, reason, uploaders, await work.progress());
          work.mailQueued();
        }
        return documentsView(loaded, work.tx);
      })
      .then(({ value }) => value);
  }

  return {
    /** The operator accepts or rejects one file; a rejection reopens the item and e-mails its people. */
    reviewFile(user: SessionUser, proposalId: string, fileId: string, decision: Decision) {
      return review(user, proposalId, decision, async (loaded, tx) => {
        const { file, item } = await visibleFile(loaded, fileId, tx);
        return { item, files: [file] };
      });
    },

    /** The operator decides a whole item: every file waiting (accept) or every current file (reject). */
    reviewItem(user: SessionUser, proposalId: string, key: string, decision: Decision) {
      return review(user, proposalId, decision, async (loaded, tx) => {
        const item = visibleItem(loaded, key);
        const targets = decision.decision === 'accept' ? ['sent'] : ['sent', 'accepted'];
        const files = await tx
          .selectFrom('document_files')
          .selectAll()
          .where('proposal_id', '=', proposalId)
          .where('item', '=', item.key)
          .where('status', 'in', targets as FileStatus[])
          .execute();
        if (!files.length) throw new HttpError(409, 'nothing_to_review', 'Não há arquivos para analisar neste item.');
        return { item, files };
      });
    },
  };
}

function reviewReason(decision: Decision): string | null {
  if (decision.decision === 'accept') return null;
  const reason = decision.reason?.trim() ?? '';
  if (!reason) throw new HttpError(400, 'validation', 'Informe o motivo da recusa.', { reason: 'Obrigatório' });
  return reason;
}
