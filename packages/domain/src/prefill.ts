import type { Values } from './section';

/**
 * Fields a later form asks again, filled in advance from what the buyer already answered in an
 * earlier one (same buyer), still editable: the birth date on the identity document, where the
 * buyer lives and the civil status on the FGTS forms. The form says which earlier screen the values
 * came from.
 */
interface Source {
  section: string;
  field: string;
}
export const PREFILL_RULES: Readonly<Record<string, Readonly<Record<string, Source>>>> = {
  document: { birth_date_document: { section: 'data', field: 'birth_date' } },
  fgts_address: {
    state_live: { section: 'address', field: 'state' },
    city_live: { section: 'address', field: 'city' },
  },
  fgts_civil_status: {
    civil_status: { section: 'data', field: 'civil_status' },
    stable_union: { section: 'data', field: 'marriage_union' },
    marriage_date: { section: 'data', field: 'marriage_date' },
    marriage_regime: { section: 'data', field: 'marriage_regime' },
  },
};

const isEmpty = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/**
 * The values to prefill a section with, from the same buyer's submitted sections (`read`), and the
 * keys of the sections they came from, in rule order. Nothing for a section without rules, and
 * nothing from an empty answer.
 */
export function prefillFromAnswers(
  sectionKey: string,
  read: (section: string) => Values | null,
): { values: Values; from: string[] } {
  const rules = PREFILL_RULES[sectionKey] ?? {};
  const values: Values = {};
  const from: string[] = [];
  for (const [field, source] of Object.entries(rules)) {
    const value = read(source.section)?.[source.field];
    if (isEmpty(value)) continue;
    values[field] = value;
    if (!from.includes(source.section)) from.push(source.section);
  }
  return { values, from };
}
