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

type Db = Kysely<Database> | Transaction<Database>;

/**
 * The financing settings in force (the SFH ceilings, the LTV limits), as the proposal's progress and
 * facts read them. They live here, in the proposal core, because the core reads them on every
 * change; the financing module's repository re-uses them and adds the operators' writes.
 */

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

/** Both financing settings, in one statement. */
export async function findFinancingSettings(db: Db): Promise<FinancingSettings> {
  const rows = await db
    .selectFrom('settings')
    .select(['key', 'value'])
    .where('key', 'in', [SFH_CEILING_SETTING, LTV_LIMITS_SETTING])
    .execute();
  return settingsOf(rows);
}
