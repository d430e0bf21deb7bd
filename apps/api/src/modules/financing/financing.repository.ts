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

    async findProposalRow(id: string, tx: Db = db) {
      return tx.selectFrom('proposals').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** Submitted values of a section (buyer position, or -1 for proposal-wide and seller sections). */
    async findSectionValues(proposalId: string, section: string, buyer: number, tx: Db = db) {
      const row = await tx
        .selectFrom('proposal_sections')
        .select('data')
        .where('proposal_id', '=', proposalId)
        .where('section', '=', section)
        .where('buyer', '=', buyer)
        .executeTakeFirst();
      return row?.data ? (JSON.parse(row.data) as Record<string, unknown>) : null;
    },

    async findBuyerPositions(proposalId: string, tx: Db = db): Promise<number[]> {
      const rows = await tx
        .selectFrom('proposal_members')
        .select('position')
        .where('proposal_id', '=', proposalId)
        .where('role', '=', 'buyer')
        .execute();
      return rows.map((r) => Number(r.position));
    },

    async saveValues(
      tx: Db,
      proposalId: string,
      values: { propertyValue: number; appraisalValue: number | null; interestRateBp: number },
    ): Promise<void> {
      await tx
        .updateTable('proposals')
        .set({
          property_value: values.propertyValue,
          appraisal_value: values.appraisalValue,
          interest_rate_bp: values.interestRateBp,
          updated_at: Date.now(),
        })
        .where('id', '=', proposalId)
        .execute();
    },
  };
}

export type FinancingRepository = ReturnType<typeof createFinancingRepository>;
