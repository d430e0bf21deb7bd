import type { Kysely, Transaction } from 'kysely';
import { LTV_LIMITS_SETTING, SFH_CEILING_SETTING, type FinancingSettings } from '@portal/domain/financing-settings';
import type { Database } from '../../db/schema';
import { createFinancingProposalQueries } from '../proposals/queries/financing';

type Db = Kysely<Database> | Transaction<Database>;

/** Reads and writes the financing settings (settings table) and the values kept on the proposal. */
export function createFinancingRepository(db: Kysely<Database>) {
  return {
    async saveSettings(tx: Db, settings: FinancingSettings, actorId: string): Promise<void> {
      const now = Date.now();
      for (const [key, value] of [
        [SFH_CEILING_SETTING, settings.sfhCeilings],
        [LTV_LIMITS_SETTING, settings.ltvLimits],
      ] as const) {
        const text = JSON.stringify(value);
        await tx
          .insertInto('settings')
          .values({ key, value: text, updated_at: now, updated_by: actorId })
          .onConflict((oc) => oc.column('key').doUpdateSet({ value: text, updated_at: now, updated_by: actorId }))
          .execute();
      }
    },
    // The proposal's own rows it reads and writes live with the proposal tables (proposals/queries/).
    ...createFinancingProposalQueries(db),
  };
}

export type FinancingRepository = ReturnType<typeof createFinancingRepository>;
