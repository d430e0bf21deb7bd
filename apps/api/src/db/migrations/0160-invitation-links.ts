import type { Kysely, Migration } from 'kysely';

// An invitation's link names its proposal and who sent it, so its landing can welcome the person
// (docs/decisions/043-joining.md); recovery links leave both null.
export const invitationLinksMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('password_tokens').addColumn('proposal_id', 'text').execute();
    await db.schema.alterTable('password_tokens').addColumn('invited_by', 'text').execute();
  },
};
