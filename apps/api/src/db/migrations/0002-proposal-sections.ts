import type { Kysely, Migration } from 'kysely';

export const proposalSectionsMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('proposal_sections')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('proposal_id', 'text', (c) => c.notNull().references('proposals.id').onDelete('cascade'))
      .addColumn('section', 'text', (c) => c.notNull())
      // Buyer position (0 main, 1 second); -1 for sections of the whole proposal.
      .addColumn('buyer', 'integer', (c) => c.notNull())
      .addColumn('draft', 'text')
      .addColumn('draft_updated_at', 'bigint')
      .addColumn('data', 'text')
      .addColumn('submitted_at', 'bigint')
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('review_note', 'text')
      .addColumn('updated_by', 'text')
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createIndex('proposal_sections_unique')
      .on('proposal_sections')
      .columns(['proposal_id', 'section', 'buyer'])
      .unique()
      .execute();
  },
};
