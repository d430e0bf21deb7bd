import type { Kysely, Migration } from 'kysely';

/**
 * 0006_insurance: the insurer's health declaration (DPS) of each buyer (docs/decisions/009-fgts-and-health-declaration.md). Listed in
 * db/migrations.ts. Health answers are stored only as AES-256-GCM ciphertext (docs/decisions/006).
 * - insurance_declarations: per proposal and buyer position, the insurer and whether the buyer
 *   confirmed the declaration (insurance_completed, docs/product/health-declaration.md, starts false).
 * - health_answers: one row per answered question; the answer (value, medication, treatment) is
 *   ciphertext; the question key is in clear (it says what was asked, not what was answered).
 * - health_consents: each consent (LGPD art. 11, I) with the text version and time; revoked_at
 *   when withdrawn. Kept after a revocation as the proof of both.
 * - health_access_log: every read of someone's answers by anyone other than their owner.
 */
export const insuranceMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('insurance_declarations')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('proposal_id', 'text', (c) => c.notNull().references('proposals.id').onDelete('cascade'))
      .addColumn('buyer', 'integer', (c) => c.notNull())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('insurance_name', 'text', (c) => c.notNull())
      .addColumn('completed', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('completed_at', 'bigint')
      .addColumn('declaration_version', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('insurance_declarations_unique')
      .on('insurance_declarations')
      .columns(['proposal_id', 'buyer'])
      .unique()
      .execute();

    await db.schema
      .createTable('health_answers')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('proposal_id', 'text', (c) => c.notNull().references('proposals.id').onDelete('cascade'))
      .addColumn('buyer', 'integer', (c) => c.notNull())
      .addColumn('question_key', 'text', (c) => c.notNull())
      .addColumn('ciphertext', 'text', (c) => c.notNull())
      .addColumn('key_id', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_by', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('health_answers_unique')
      .on('health_answers')
      .columns(['proposal_id', 'buyer', 'question_key'])
      .unique()
      .execute();

    await db.schema
      .createTable('health_consents')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('proposal_id', 'text', (c) => c.notNull().references('proposals.id').onDelete('cascade'))
      .addColumn('buyer', 'integer', (c) => c.notNull())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('version', 'text', (c) => c.notNull())
      .addColumn('insurance_name', 'text', (c) => c.notNull())
      .addColumn('granted_at', 'bigint', (c) => c.notNull())
      .addColumn('revoked_at', 'bigint')
      .addColumn('ip', 'text')
      .execute();
    await db.schema
      .createIndex('health_consents_subject')
      .on('health_consents')
      .columns(['proposal_id', 'buyer', 'granted_at'])
      .execute();

    await db.schema
      .createTable('health_access_log')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('at', 'bigint', (c) => c.notNull())
      // No foreign key: the log outlives what it mentions.
      .addColumn('proposal_id', 'text', (c) => c.notNull())
      .addColumn('buyer', 'integer', (c) => c.notNull())
      .addColumn('owner_id', 'text')
      .addColumn('reader_id', 'text', (c) => c.notNull())
      .addColumn('reader_role', 'text', (c) => c.notNull())
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('ip', 'text')
      .execute();
    await db.schema
      .createIndex('health_access_log_subject')
      .on('health_access_log')
      .columns(['proposal_id', 'buyer', 'at'])
      .execute();
  },
};
