import type { Kysely, Transaction } from 'kysely';
import type { SessionUser } from '@portal/domain/auth';
import { DOCUMENT_ITEMS, isDocumentItemKey, type DocumentItemDef, type FileStatus } from '@portal/domain/documents';
import type { Database, ProposalMembersTable } from '../../db/schema';
import type { Executor } from '../../db/database';
import { HttpError } from '../../errors';
import { enqueueMail, type Mailer } from '../mail/outbox';
import { progressMailLines, viewerOf } from '../mail/progress-text';
import { loadProposalProgress } from '../proposals/proposal-progress';
import type { DocumentsConfig } from './documents.config';
import { createDocumentAccess, type DocumentsProposal } from './document-access';

type Loaded = DocumentsProposal;

/**
 * The back office's review of documents: accepting or refusing a file or a whole item (a refusal
 * reopens the item and e-mails its people) and the documents' history.
 */
export function createDocumentReviewService(deps: {
  db: Kysely<Database>;
  mailer: Mailer;
  config: DocumentsConfig;
  publicUrl: string;
}) {
  const { db } = deps;
  const { load, visibleItem, visibleFile, event, listDocuments } = createDocumentAccess(deps);

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
  ) {
    // The events above already moved the steps: the count and next step as the screens now show them.
    const progress = await loadProposalProgress(tx, loaded.proposal.id, { validityDays: deps.config.validityDays });
    for (const r of await recipientsFor(tx, loaded, item, uploaders)) {
      const position = loaded.buyers.find((b) => b.email.toLowerCase() === r.email)?.position ?? 0;
      const path = r.role === 'seller' ? `/seller/proposals/${loaded.proposal.id}/upload` : '/buyer/documents/upload';
      await enqueueMail(tx, {
        to: r.email,
        kind: 'document_rejected',
        subject: `Documento recusado — proposta ${loaded.proposal.code}`,
        text: [
          `Olá, ${r.name.split(' ')[0]}.`,
          '',
          `O documento "${item.title}" da proposta ${loaded.proposal.code} foi recusado na análise.`,
          `Motivo: ${reason}`,
          '',
          `Envie um novo arquivo em: ${deps.publicUrl}${path}`,
          '',
          ...(progress ? [...progressMailLines(progress, viewerOf({ role: r.role, position })), ''] : []),
          'Portal de Propostas',
        ].join('\n'),
      });
    }
  }

  return {
    /** The operator accepts or rejects one file; a rejection reopens the item and e-mails its people. */
    async reviewFile(
      user: SessionUser,
      proposalId: string,
      fileId: string,
      decision: { decision: 'accept' | 'reject'; reason?: string },
    ) {
      const reason = reviewReason(decision);
      await db.transaction().execute(async (tx) => {
        const loaded = await load(user, proposalId, tx);
        const { file, item } = await visibleFile(loaded, fileId, tx);
        const status: FileStatus = decision.decision === 'accept' ? 'accepted' : 'rejected';
        const now = Date.now();
        await tx
          .updateTable('document_files')
          .set({ status, review_reason: reason, reviewed_by: user.id, reviewed_at: now })
          .where('id', '=', file.id)
          .execute();
        await event(tx, { proposalId, item: item.key, fileId: file.id, action: status, reason, actorId: user.id });
        if (reason) await notifyRejection(tx, loaded, item, reason, [file.uploaded_by]);
      });
      if (reason) deps.mailer.kick();
      return listDocuments(user, proposalId);
    },

    /** The operator decides a whole item: every file waiting (accept) or every current file (reject). */
    async reviewItem(
      user: SessionUser,
      proposalId: string,
      key: string,
      decision: { decision: 'accept' | 'reject'; reason?: string },
    ) {
      const reason = reviewReason(decision);
      await db.transaction().execute(async (tx) => {
        const loaded = await load(user, proposalId, tx);
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
        const status: FileStatus = decision.decision === 'accept' ? 'accepted' : 'rejected';
        const now = Date.now();
        await tx
          .updateTable('document_files')
          .set({ status, review_reason: reason, reviewed_by: user.id, reviewed_at: now })
          .where(
            'id',
            'in',
            files.map((f) => f.id),
          )
          .execute();
        for (const f of files)
          await event(tx, { proposalId, item: item.key, fileId: f.id, action: status, reason, actorId: user.id });
        if (reason)
          await notifyRejection(
            tx,
            loaded,
            item,
            reason,
            files.map((f) => f.uploaded_by),
          );
      });
      if (reason) deps.mailer.kick();
      return listDocuments(user, proposalId);
    },

    /** The documents' history (back office): who did what, when. */
    async listEvents(user: SessionUser, proposalId: string) {
      await load(user, proposalId);
      const rows = await db
        .selectFrom('document_events')
        .leftJoin('users', 'users.id', 'document_events.actor_id')
        .leftJoin('document_files', 'document_files.id', 'document_events.file_id')
        .select([
          'document_events.id',
          'document_events.at',
          'document_events.item',
          'document_events.file_id',
          'document_events.action',
          'document_events.reason',
          'users.name as actor',
          'document_files.name as file_name',
        ])
        .where('document_events.proposal_id', '=', proposalId)
        .orderBy('document_events.at', 'desc')
        .orderBy('document_events.id')
        .limit(500)
        .execute();
      return rows.map((r) => ({
        id: r.id,
        at: new Date(r.at).toISOString(),
        item: r.item,
        itemTitle: isDocumentItemKey(r.item) ? DOCUMENT_ITEMS[r.item].title : r.item,
        fileId: r.file_id,
        fileName: r.file_name ?? null,
        action: r.action,
        reason: r.reason,
        actor: r.actor ?? null,
      }));
    },
  };
}
export type DocumentReviewService = ReturnType<typeof createDocumentReviewService>;

function reviewReason(decision: { decision: 'accept' | 'reject'; reason?: string }): string | null {
  if (decision.decision === 'accept') return null;
  const reason = decision.reason?.trim() ?? '';
  if (!reason) throw new HttpError(400, 'validation', 'Informe o motivo da recusa.', { reason: 'Obrigatório' });
  return reason;
}
