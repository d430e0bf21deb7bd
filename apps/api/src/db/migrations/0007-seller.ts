import type { Kysely, Migration } from 'kysely';

export const sellerMigration: Migration = {
  async up(db: Kysely<any>) {
    // When the seller marked their part of the proposal complete (docs/decisions/008-seller-portal.md); null until then.
    await db.schema.alterTable('proposals').addColumn('seller_completed_at', 'bigint').execute();
  },
};
