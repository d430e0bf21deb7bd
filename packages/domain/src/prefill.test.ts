import { describe, expect, it } from 'vitest';
import { PREFILL_RULES, prefillFromAnswers } from './prefill';
import { findSection } from './sections-registry';
import type { Values } from './section';

const answers: Record<string, Values> = {
  data: {
    birth_date: '1985-03-10',
    civil_status: 'married',
    marriage_union: false,
    marriage_date: '2010-05-02',
    marriage_regime: 'partial_communion',
  },
  address: { state: 'SP', city: 'Campinas', address: 'Rua A' },
};
const read = (section: string) => answers[section] ?? null;

describe('prefillFromAnswers', () => {
  it.each([
    ['document', { birth_date_document: '1985-03-10' }, ['data']],
    ['fgts_address', { state_live: 'SP', city_live: 'Campinas' }, ['address']],
    [
      'fgts_civil_status',
      {
        civil_status: 'married',
        stable_union: false,
        marriage_date: '2010-05-02',
        marriage_regime: 'partial_communion',
      },
      ['data'],
    ],
    ['data', {}, []],
    ['investment', {}, []],
  ])('fills %s from the earlier answers and names where they came from', (key, values, from) => {
    expect(prefillFromAnswers(key, read)).toEqual({ values, from });
  });

  it('takes nothing from a section not answered, nor from an empty answer', () => {
    expect(prefillFromAnswers('document', () => null)).toEqual({ values: {}, from: [] });
    expect(prefillFromAnswers('fgts_address', (s) => (s === 'address' ? { state: 'RJ', city: '  ' } : null))).toEqual({
      values: { state_live: 'RJ' },
      from: ['address'],
    });
    expect(prefillFromAnswers('document', () => ({ birth_date: null }))).toEqual({ values: {}, from: [] });
    expect(prefillFromAnswers('document', () => ({ birth_date: '' }))).toEqual({ values: {}, from: [] });
  });

  it('reads the sources only from the sections the rules name', () => {
    const asked: string[] = [];
    prefillFromAnswers('fgts_civil_status', (s) => (asked.push(s), null));
    expect(new Set(asked)).toEqual(new Set(['data']));
  });

  it('names only real fields, on both sides, of sections of the same buyer', () => {
    for (const [target, rules] of Object.entries(PREFILL_RULES)) {
      const def = findSection(target)!;
      expect(def.scope).toBe('buyer');
      for (const [field, source] of Object.entries(rules)) {
        expect(Object.keys(def.shape), `${target}.${field}`).toContain(field);
        const from = findSection(source.section)!;
        expect(from.scope).toBe('buyer');
        expect(Object.keys(from.shape), `${source.section}.${source.field}`).toContain(source.field);
      }
    }
  });
});
