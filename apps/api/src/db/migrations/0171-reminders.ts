import type { Kysely, Migration } from 'kysely';

/**
 * Reminders (docs/decisions/049-reminders-and-metrics.md): each reminder sent (its number per person
 * and proposal is unique, so two instances never send the same one), the opt-out links (stored as
 * their sha256), the people who said "Não quero mais lembretes", and the proposals an operator
 * turned them off on. The outbox gets the extra headers of a message (List-Unsubscribe).
 */
export const remindersMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('reminders_sent')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('proposal_id', 'text', (c) => c.notNull())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('seq', 'integer', (c) => c.notNull())
      .addColumn('step', 'text', (c) => c.notNull())
      .addColumn('sent_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('reminders_sent_once')
      .on('reminders_sent')
      .columns(['proposal_id', 'user_id', 'seq'])
      .unique()
      .execute();
    await db.schema
      .createTable('reminder_tokens')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('reminder_opt_outs')
      .addColumn('user_id', 'text', (c) => c.primaryKey())
      .addColumn('at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('reminder_proposals_off')
      .addColumn('proposal_id', 'text', (c) => c.primaryKey())
      .addColumn('at', 'bigint', (c) => c.notNull())
      .addColumn('by', 'text')
      .execute();
    await db.schema.alterTable('outbox').addColumn('headers', 'text').execute();
  },
};
