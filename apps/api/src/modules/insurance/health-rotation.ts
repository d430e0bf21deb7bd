import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { HealthDecryptError, type HealthCipher } from './health-crypto';
import { aadOf } from './insurance.service';

export interface RotationResult {
  /** Answers now encrypted with the current key. */
  reencrypted: number;
  /** Ids of answers neither the current nor the previous key opens (left untouched). */
  unreadable: string[];
}

/**
 * Re-encrypts every health answer not yet under the current key (docs/decisions/012-health-key-rotation.md).
 * The cipher must open the old values: HEALTH_DATA_KEY (new) with HEALTH_DATA_KEY_PREVIOUS (old).
 * Batches, each in a transaction; an answer rewritten meanwhile by a running instance (already with
 * the new key) is left as it is. Safe to run again: only answers under another key are read.
 */
export async function reencryptHealthAnswers(
  db: Kysely<Database>,
  cipher: HealthCipher,
  options: { batchSize?: number } = {},
): Promise<RotationResult> {
  const batchSize = options.batchSize ?? 200;
  const result: RotationResult = { reencrypted: 0, unreadable: [] };
  let after = '';
  for (;;) {
    const rows = await db
      .selectFrom('health_answers')
      .select(['id', 'proposal_id', 'buyer', 'question_key', 'ciphertext'])
      .where('key_id', '!=', cipher.keyId)
      .where('id', '>', after)
      .orderBy('id')
      .limit(batchSize)
      .execute();
    if (rows.length === 0) return result;
    after = rows[rows.length - 1]!.id;
    await db.transaction().execute(async (tx) => {
      for (const row of rows) {
        const aad = aadOf(row.proposal_id, row.buyer, row.question_key);
        let plaintext: string;
        try {
          plaintext = cipher.decrypt(row.ciphertext, aad);
        } catch (err) {
          if (!(err instanceof HealthDecryptError)) throw err;
          result.unreadable.push(row.id);
          continue;
        }
        const updated = await tx
          .updateTable('health_answers')
          .set({ ciphertext: cipher.encrypt(plaintext, aad), key_id: cipher.keyId })
          .where('id', '=', row.id)
          .where('ciphertext', '=', row.ciphertext)
          .executeTakeFirst();
        result.reencrypted += Number(updated.numUpdatedRows);
      }
    });
  }
}
