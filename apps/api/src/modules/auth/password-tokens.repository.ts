import type { Kysely, Transaction } from 'kysely';
import type { Database, PasswordTokensTable } from '../../db/schema';
import { randomToken, sha256 } from '../../crypto';

type Executor = Kysely<Database> | Transaction<Database>;

export function createPasswordTokensRepository(db: Kysely<Database>) {
  return {
    /** Issues a one-time token and returns it in clear (only its hash is stored). */
    async issueToken(
      args: {
        userId: string;
        purpose: PasswordTokensTable['purpose'];
        ttlMs: number;
        /** Invitations: the proposal and who invited (the landing names both). */
        proposalId?: string | null;
        invitedBy?: string | null;
      },
      tx: Executor = db,
    ) {
      const token = randomToken();
      const now = Date.now();
      await tx
        .insertInto('password_tokens')
        .values({
          id: sha256(token),
          user_id: args.userId,
          purpose: args.purpose,
          created_at: now,
          expires_at: now + args.ttlMs,
          used_at: null,
          proposal_id: args.proposalId ?? null,
          invited_by: args.invitedBy ?? null,
        })
        .execute();
      return token;
    },
    /** A token's row, spent or not (the invitation landing tells expired from used). */
    findToken(token: string, tx: Executor = db) {
      return tx.selectFrom('password_tokens').selectAll().where('id', '=', sha256(token)).executeTakeFirst();
    },
    /**
     * Spends a token: marks it used only if unused and unexpired, in one statement, so two
     * concurrent uses cannot both succeed. Returns the user id, or null.
     */
    async consumeToken(token: string, tx: Executor): Promise<string | null> {
      const now = Date.now();
      const id = sha256(token);
      const result = await tx
        .updateTable('password_tokens')
        .set({ used_at: now })
        .where('id', '=', id)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return null;
      const row = await tx
        .selectFrom('password_tokens')
        .select('user_id')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      // Any other link still out for this user dies with this one.
      await tx
        .updateTable('password_tokens')
        .set({ used_at: now })
        .where('user_id', '=', row.user_id)
        .where('used_at', 'is', null)
        .execute();
      return row.user_id;
    },
  };
}
export type PasswordTokensRepository = ReturnType<typeof createPasswordTokensRepository>;
