import type { Kysely, Transaction } from 'kysely';
import {
  DEFAULT_LTV_LIMITS,
  DEFAULT_SFH_CEILINGS,
  LTV_LIMITS_SETTING,
  ltvLimitsSchema,
  SFH_CEILING_SETTING,
  sfhCeilingsSchema,
  type FinancingSettings,
} from '@portal/domain/financing-settings';
import type { Database } from '../../db/schema';
import { createFinancingProposalQueries } from '../proposals/queries/financing';

type Db = Kysely<Database> | Transaction<Database>;

/** A stored setting's value, or the fallback when it is missing or unreadable. */
function settingOf<T>(
  rows: { key: string; value: string }[],
  key: string,
  parse: (v: unknown) => T | null,
  fallback: T,
): T {
  const row = rows.find((r) => r.key === key);
  if (!row) return fallback;
  try {
    return parse(JSON.parse(row.value)) ?? fallback;
  } catch {
    return fallback;
  }
}

/** The financing settings from their stored rows (the defaults for what is missing or unreadable). */
export function settingsOf(rows: { key: string; value: string }[]): FinancingSettings {
  return {
    sfhCeilings: settingOf(rows, SFH_CEILING_SETTING, (v) => sfhCeilingsSchema.safeParse(v).data ?? null, [
      ...DEFAULT_SFH_CEILINGS,
    ]),
    ltvLimits: settingOf(rows, LTV_LIMITS_SETTING, (v) => ltvLimitsSchema.safeParse(v).data ?? null, {
      ...DEFAULT_LTV_LIMITS,
    }),
  };
}

/** Reads and writes the financing settings (settings table) and the values kept on the proposal. */
export function createFinancingRepository(db: Kysely<Database>) {
  return {
    /** Both financing settings, in one statement. */
    async findSettings(tx: Db = db): Promise<FinancingSettings> {
      const rows = await tx
        .selectFrom('settings')
        .select(['key', 'value'])
        .where('key', 'in', [SFH_CEILING_SETTING, LTV_LIMITS_SETTING])
        .execute();
      return settingsOf(rows);
    },

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
