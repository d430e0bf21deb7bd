import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { newId } from '../../crypto';

type Executor = Kysely<Database> | Transaction<Database>;

/** Queries of the health declaration tables; no rule lives here (insurance.service.ts). */
export function createInsuranceRepository(db: Kysely<Database>) {
  return {
    findDeclarations(proposalId: string, tx: Executor = db) {
      return tx.selectFrom('insurance_declarations').selectAll().where('proposal_id', '=', proposalId).execute();
    },
    findDeclaration(proposalId: string, buyer: number, tx: Executor = db) {
      return tx
        .selectFrom('insurance_declarations')
        .selectAll()
        .where('proposal_id', '=', proposalId)
        .where('buyer', '=', buyer)
        .executeTakeFirst();
    },
    /** Creates the buyer's declaration row if missing, for this person and insurer. */
    async ensureDeclaration(
      args: { proposalId: string; buyer: number; userId: string; insuranceName: string },
      tx: Executor = db,
    ) {
      const now = Date.now();
      await tx
        .insertInto('insurance_declarations')
        .values({
          id: newId(),
          proposal_id: args.proposalId,
          buyer: args.buyer,
          user_id: args.userId,
          insurance_name: args.insuranceName,
          completed: 0,
          completed_at: null,
          declaration_version: null,
          created_at: now,
          updated_at: now,
        })
        .onConflict((oc) =>
          oc
            .columns(['proposal_id', 'buyer'])
            .doUpdateSet({ user_id: args.userId, insurance_name: args.insuranceName, updated_at: now }),
        )
        .execute();
    },
    setCompleted(
      args: { proposalId: string; buyer: number; completed: boolean; declarationVersion: string | null },
      tx: Executor = db,
    ) {
      const now = Date.now();
      return tx
        .updateTable('insurance_declarations')
        .set({
          completed: args.completed ? 1 : 0,
          completed_at: args.completed ? now : null,
          declaration_version: args.declarationVersion,
          updated_at: now,
        })
        .where('proposal_id', '=', args.proposalId)
        .where('buyer', '=', args.buyer)
        .execute();
    },

    findConsents(proposalId: string, tx: Executor = db) {
      return tx
        .selectFrom('health_consents')
        .selectAll()
        .where('proposal_id', '=', proposalId)
        .orderBy('granted_at', 'desc')
        .execute();
    },
    insertConsent(
      row: {
        proposalId: string;
        buyer: number;
        userId: string;
        version: string;
        insuranceName: string;
        ip: string | null;
      },
      tx: Executor = db,
    ) {
      return tx
        .insertInto('health_consents')
        .values({
          id: newId(),
          proposal_id: row.proposalId,
          buyer: row.buyer,
          user_id: row.userId,
          version: row.version,
          insurance_name: row.insuranceName,
          granted_at: Date.now(),
          revoked_at: null,
          ip: row.ip,
        })
        .execute();
    },
    revokeConsents(proposalId: string, buyer: number, tx: Executor = db) {
      return tx
        .updateTable('health_consents')
        .set({ revoked_at: Date.now() })
        .where('proposal_id', '=', proposalId)
        .where('buyer', '=', buyer)
        .where('revoked_at', 'is', null)
        .execute();
    },

    findAnswerRows(proposalId: string, buyer: number | null, tx: Executor = db) {
      let q = tx.selectFrom('health_answers').selectAll().where('proposal_id', '=', proposalId);
      if (buyer !== null) q = q.where('buyer', '=', buyer);
      return q.execute();
    },
    upsertAnswer(
      row: {
        proposalId: string;
        buyer: number;
        questionKey: string;
        ciphertext: string;
        keyId: string;
        userId: string;
      },
      tx: Executor = db,
    ) {
      const now = Date.now();
      return tx
        .insertInto('health_answers')
        .values({
          id: newId(),
          proposal_id: row.proposalId,
          buyer: row.buyer,
          question_key: row.questionKey,
          ciphertext: row.ciphertext,
          key_id: row.keyId,
          updated_at: now,
          updated_by: row.userId,
        })
        .onConflict((oc) =>
          oc
            .columns(['proposal_id', 'buyer', 'question_key'])
            .doUpdateSet({ ciphertext: row.ciphertext, key_id: row.keyId, updated_at: now, updated_by: row.userId }),
        )
        .execute();
    },
    deleteAnswers(proposalId: string, buyer: number, tx: Executor = db) {
      return tx.deleteFrom('health_answers').where('proposal_id', '=', proposalId).where('buyer', '=', buyer).execute();
    },

    logAccess(
      row: {
        proposalId: string;
        buyer: number;
        ownerId: string | null;
        readerId: string;
        readerRole: string;
        action: string;
        ip: string | null;
      },
      tx: Executor = db,
    ) {
      return tx
        .insertInto('health_access_log')
        .values({
          id: newId(),
          at: Date.now(),
          proposal_id: row.proposalId,
          buyer: row.buyer,
          owner_id: row.ownerId,
          reader_id: row.readerId,
          reader_role: row.readerRole,
          action: row.action,
          ip: row.ip,
        })
        .execute();
    },
    findAccessLog(proposalId: string, buyer: number, tx: Executor = db) {
      return tx
        .selectFrom('health_access_log as l')
        .leftJoin('users as u', 'u.id', 'l.reader_id')
        .select(['l.at', 'l.reader_role', 'l.action', 'u.name as reader_name'])
        .where('l.proposal_id', '=', proposalId)
        .where('l.buyer', '=', buyer)
        .orderBy('l.at', 'desc')
        .limit(100)
        .execute();
    },
    async hasPermission(userId: string, permission: string, tx: Executor = db) {
      const row = await tx
        .selectFrom('operator_permissions')
        .select('user_id')
        .where('user_id', '=', userId)
        .where('permission', '=', permission)
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}
export type InsuranceRepository = ReturnType<typeof createInsuranceRepository>;
