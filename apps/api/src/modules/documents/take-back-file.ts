import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { SessionUser } from '@portal/domain/auth';
import { PROPOSAL_CLOSED_MESSAGE } from '@portal/domain/proposal-status';
import type { Database } from '../../db/schema';
import { HttpError, notFound } from '../../errors';
import { eventAudit, type DocumentAccess } from './document-access';
import type { DocumentsRepository } from './documents.repository';
import type { ObjectStorage } from './storage';
import { clearPending, markPending } from './upload-housekeeping';

/** The uploader takes a file back before it is reviewed. */
export function takeBackFile(deps: {
  db: Kysely<Database>;
  storage: ObjectStorage;
  log: FastifyBaseLogger;
  access: DocumentAccess;
  repo: DocumentsRepository;
}) {
  const { access, repo } = deps;
  // On the proposal core (docs/decisions/059-the-proposal-core.md): the progress and the queue's
  // waits move with the documents (docs/decisions/050), as for a review.
  const options = { progress: true, touch: false };
  return async (user: SessionUser, proposalId: string, fileId: string) => {
    const { value: key } = await access.proposals.withProposal(user, proposalId, options, async (work) => {
      const { tx } = work;
      const loaded = await access.documentsProposal(work);
      const { file, item } = await access.visibleFile(loaded, fileId, tx);
      if (!loaded.me) throw notFound();
      if (!access.isOpen(loaded)) throw new HttpError(409, 'proposal_closed', PROPOSAL_CLOSED_MESSAGE);
      if (file.status !== 'sent')
        throw new HttpError(409, 'already_reviewed', 'Este arquivo já foi analisado e não pode ser excluído.');
      await repo.deleteFile(file.id, tx);
      // A deleted document must not survive in storage: if the removal below fails, the sweep retries.
      await markPending(tx, file.storage_key);
      const e = { proposalId, item: item.key, fileId: file.id, action: 'deleted' as const, actorId: user.id };
      await access.logEvent(tx, e);
      work.audit(eventAudit(e));
      work.documentsChanged();
      return file.storage_key;
    });
    await deps.storage
      .remove(key)
      .then(() => clearPending(deps.db, key))
      .catch((err) => deps.log.warn({ err }, 'could not remove a deleted file from storage; the sweep will'));
  };
}
