import type { Kysely } from 'kysely';
import { REMOVED_NAME, removedEmail } from '@portal/domain/privacy';
import type { Database } from '../../db/schema';
import type { Executor } from '../../db/database';
import * as proposalQueries from '../proposals/queries/privacy';

/**
 * The privacy module's queries: the deletion requests, and what an export reads and an erasure
 * removes (on the proposal tables through apps/api/src/modules/proposals/queries/privacy.ts).
 */
export function createPrivacyRepository(db: Kysely<Database>) {
  return {
    /** The proposals this user takes part in, with their role and position there. */
    findMemberships(userId: string, tx: Executor = db) {
      return proposalQueries.findMemberships(tx, userId);
    },

    findLatestRequest(userId: string) {
      return db
        .selectFrom('privacy_requests')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('requested_at', 'desc')
        .executeTakeFirst();
    },

    findPendingRequest(userId: string) {
      return db
        .selectFrom('privacy_requests')
        .select('id')
        .where('user_id', '=', userId)
        .where('status', '=', 'pending')
        .executeTakeFirst();
    },

    findRequest(requestId: string) {
      return db.selectFrom('privacy_requests').selectAll().where('id', '=', requestId).executeTakeFirst();
    },

    async insertRequest(request: { id: string; userId: string; role: string; at: number }, tx: Executor = db) {
      await tx
        .insertInto('privacy_requests')
        .values({
          id: request.id,
          user_id: request.userId,
          role: request.role,
          status: 'pending',
          requested_at: request.at,
          completed_at: null,
          completed_by: null,
        })
        .execute();
    },

    /** The latest 200 requests, with the requester's name and e-mail. */
    listRequests() {
      return db
        .selectFrom('privacy_requests')
        .innerJoin('users', 'users.id', 'privacy_requests.user_id')
        .select([
          'privacy_requests.id',
          'privacy_requests.role',
          'privacy_requests.status',
          'privacy_requests.requested_at',
          'privacy_requests.completed_at',
          'users.name',
          'users.email',
        ])
        .orderBy('privacy_requests.requested_at', 'desc')
        .limit(200)
        .execute();
    },

    async markCompleted(requestId: string, operatorId: string, at: number, tx: Executor = db) {
      await tx
        .updateTable('privacy_requests')
        .set({ status: 'completed', completed_at: at, completed_by: operatorId })
        .where('id', '=', requestId)
        .execute();
    },

    /** The account as the export shows it. */
    findAccount(userId: string) {
      return db
        .selectFrom('users')
        .select(['id', 'role', 'name', 'email', 'cpf', 'created_at', 'updated_at'])
        .where('id', '=', userId)
        .executeTakeFirstOrThrow();
    },

    findUser(userId: string) {
      return db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
    },

    findSections(proposalId: string) {
      return proposalQueries.findSections(db, proposalId);
    },

    findSectionKeys(proposalId: string, tx: Executor = db) {
      return proposalQueries.findSectionKeys(tx, proposalId);
    },

    async deleteSections(ids: string[], tx: Executor = db) {
      await proposalQueries.deleteSections(tx, ids);
    },

    findFiles(proposalId: string) {
      return db.selectFrom('document_files').selectAll().where('proposal_id', '=', proposalId).execute();
    },

    findFileKeys(proposalId: string, tx: Executor = db) {
      return tx
        .selectFrom('document_files')
        .select(['id', 'item', 'storage_key', 'uploaded_by'])
        .where('proposal_id', '=', proposalId)
        .execute();
    },

    /** The files' rows and their history (the stored objects are the caller's). */
    async deleteFiles(ids: string[], tx: Executor = db) {
      await tx.deleteFrom('document_events').where('file_id', 'in', ids).execute();
      await tx.deleteFrom('document_files').where('id', 'in', ids).execute();
    },

    findHealthConsents(proposalId: string, buyer: number) {
      return db
        .selectFrom('health_consents')
        .select(['version', 'insurance_name', 'granted_at', 'revoked_at'])
        .where('proposal_id', '=', proposalId)
        .where('buyer', '=', buyer)
        .execute();
    },

    /** A buyer's health answers, consents and insurance declaration on one proposal. */
    async deleteHealthData(proposalId: string, buyer: number, tx: Executor = db) {
      for (const table of ['health_answers', 'health_consents', 'insurance_declarations'] as const) {
        await tx.deleteFrom(table).where('proposal_id', '=', proposalId).where('buyer', '=', buyer).execute();
      }
    },

    /** The membership stays as an anonymous shell, so the proposal's history still adds up. */
    async anonymiseMember(memberId: string, tx: Executor = db) {
      await proposalQueries.anonymiseMember(tx, memberId);
    },

    /**
     * Queued e-mails to the address, sessions, password tokens, reminders' opt-out links and the
     * records of their uploads (which name the files): a finished upload's row goes (its bytes are
     * gone); an unfinished one loses its name and expires now, so the uploads sweep removes its
     * bytes, then its row.
     */
    async deleteUserTraces(user: { id: string; email: string }, tx: Executor = db) {
      await tx.deleteFrom('outbox').where('to_address', '=', user.email).execute();
      await tx.deleteFrom('sessions').where('user_id', '=', user.id).execute();
      await tx.deleteFrom('password_tokens').where('user_id', '=', user.id).execute();
      await tx.deleteFrom('reminder_tokens').where('user_id', '=', user.id).execute();
      await tx
        .deleteFrom('resumable_uploads')
        .where('user_id', '=', user.id)
        .where('state', 'in', ['done', 'refused', 'expired'])
        .execute();
      await tx
        .updateTable('resumable_uploads')
        .set({ file_name: '', expires_at: 0 })
        .where('user_id', '=', user.id)
        .execute();
    },

    /** The account stays as an anonymous shell that cannot sign in. */
    async anonymiseUser(userId: string, at: number, tx: Executor = db) {
      await tx
        .updateTable('users')
        .set({ name: REMOVED_NAME, email: removedEmail(userId), cpf: null, password_hash: null, updated_at: at })
        .where('id', '=', userId)
        .execute();
    },
  };
}
export type PrivacyRepository = ReturnType<typeof createPrivacyRepository>;
