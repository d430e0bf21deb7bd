import type { Kysely } from 'kysely';
import type { SessionUser } from '@portal/domain/auth';
import { DOCUMENT_ITEMS, isDocumentItemKey } from '@portal/domain/documents';
import type { Database } from '../../db/schema';
import type { ProposalsService } from '../proposals/proposals.service';
import type { DocumentsConfig } from './documents.config';
import { createDocumentAccess } from './document-access';
import { reviewDocument } from './review-document';

/**
 * The back office's review of documents: accepting or refusing a file or a whole item (a refusal
 * reopens the item and e-mails its people; review-document.ts, on the proposal core,
 * docs/decisions/059-the-proposal-core.md) and the documents' history.
 */
export function createDocumentReviewService(deps: {
  db: Kysely<Database>;
  config: DocumentsConfig;
  publicUrl: string;
  /** The one proposals service (services.ts). */
  proposals: ProposalsService;
}) {
  const { db } = deps;
  const access = createDocumentAccess(deps);
  const { reviewFile, reviewItem } = reviewDocument({ access, publicUrl: deps.publicUrl });

  return {
    reviewFile,
    reviewItem,
    /** The documents' history (back office): who did what, when. */
    async listEvents(user: SessionUser, proposalId: string) {
      await access.load(user, proposalId);
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
