import type { Kysely, Migration } from 'kysely';

/**
 * 0173_internal_notes: the team's notes on a proposal (docs/decisions/051-operator-notes-and-review.md).
 * One row per version: an edit inserts the next version of the same note, earlier ones stay. The
 * unique (note_id, version) makes two edits of the same version impossible (the second one fails).
 */
export const internalNotesMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('proposal_notes')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('note_id', 'text', (c) => c.notNull())
      .addColumn('proposal_id', 'text', (c) => c.notNull().references('proposals.id').onDelete('cascade'))
      .addColumn('version', 'integer', (c) => c.notNull())
      .addColumn('text', 'text', (c) => c.notNull())
      .addColumn('author_id', 'text', (c) => c.notNull())
      .addColumn('at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('proposal_notes_version')
      .on('proposal_notes')
      .columns(['note_id', 'version'])
      .unique()
      .execute();
    await db.schema
      .createIndex('proposal_notes_proposal')
      .on('proposal_notes')
      .columns(['proposal_id', 'at'])
      .execute();
  },
};
