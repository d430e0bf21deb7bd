import type { Kysely, Migration } from 'kysely';
import {
  DEFAULT_LTV_LIMITS,
  DEFAULT_SFH_CEILINGS,
  LTV_LIMITS_SETTING,
  SFH_CEILING_SETTING,
} from '@portal/domain/financing-settings';

/**
 * The property's values and the interest rate on the proposal (entered by the back office), and
 * the financing settings as rows of the settings table, so that a new SFH ceiling or LTV limit is
 * a settings change, not a release (docs/decisions/020).
 */
export const financingMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('proposals').addColumn('property_value', 'bigint').execute();
    await db.schema.alterTable('proposals').addColumn('appraisal_value', 'bigint').execute();
    await db.schema.alterTable('proposals').addColumn('interest_rate_bp', 'integer').execute();
    const now = Date.now();
    for (const [key, value] of [
      [SFH_CEILING_SETTING, DEFAULT_SFH_CEILINGS],
      [LTV_LIMITS_SETTING, DEFAULT_LTV_LIMITS],
    ] as const) {
      await db
        .insertInto('settings')
        .values({ key, value: JSON.stringify(value), updated_at: now, updated_by: null })
        .onConflict((oc) => oc.column('key').doNothing())
        .execute();
    }
  },
};
