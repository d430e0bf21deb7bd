import type { Insertable } from 'kysely';
import type { SessionUser } from '@portal/domain/auth';
import { MAX_FILES_PER_ITEM } from '@portal/domain/documents';
import type { DocumentFilesTable } from '../../db/schema';
import type { Executor } from '../../db/database';
import { HttpError } from '../../errors';
import { recordAudit } from '../audit/audit';
import { eventAudit, type DocumentAccess } from './document-access';
import type { DocumentsConfig } from './documents.config';
import type { DocumentsRepository } from './documents.repository';
import { assertQuota, clearPending } from './upload-housekeeping';

/**
 * Records a document a party sent, once its object is under its final key (documents.service.ts,
 * storeUpload): the room and quota checked again, the file's row, its event and audit entry, on
 * the proposal core (docs/decisions/059-the-proposal-core.md). The progress and the queue's waits
 * (docs/decisions/050) move with the documents, computed with the documents' validity setting (the
 * core's); a document sent again may answer the last correction asked.
 */
export function recordUpload(deps: { access: DocumentAccess; repo: DocumentsRepository; config: DocumentsConfig }) {
  const { access, repo, config } = deps;
  const options = { progress: true, touch: false, answersCorrection: true };
  return async (user: SessionUser, file: Insertable<DocumentFilesTable>) => {
    const proposalId = file.proposal_id;
    await access.proposals.withProposal(user, proposalId, options, async (work) => {
      const { tx } = work;
      await assertRoom(repo, proposalId, file.item, tx);
      await assertQuota(tx, { userId: user.id, proposalId, adding: file.size, quotaMb: config.quotaMb });
      await clearPending(tx, file.storage_key);
      await repo.insertFile(file, tx);
      const e = { proposalId, item: file.item, fileId: file.id, action: 'uploaded' as const, actorId: user.id };
      await access.logEvent(tx, e);
      // Written with its event, before the correction it may answer (the activity log reads the
      // upload first, as before the core).
      await recordAudit(tx, { actorId: user.id, ...eventAudit(e) });
      work.documentsChanged();
    });
  };
}

/** 409 when the item already holds the most files it may (sent or accepted). */
export async function assertRoom(repo: DocumentsRepository, proposalId: string, item: string, tx?: Executor) {
  if ((await repo.countActiveInItem(proposalId, item, tx)) >= MAX_FILES_PER_ITEM) {
    throw new HttpError(
      409,
      'too_many_files',
      `Este item já tem ${MAX_FILES_PER_ITEM} arquivos. Exclua um antes de enviar outro.`,
    );
  }
}
