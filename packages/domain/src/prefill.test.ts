import { describe, expect, it } from 'vitest';
import { PREFILL_RULES, prefillFromAnswers, PROPOSAL_PROPERTY } from './prefill';
import { findSection } from './sections-registry';
import type { Values } from './section';

const answers: Record<string, Values> = {
  data: {
    birth_date: '1985-03-10',
    civil_status: 'married',
    marriage_union: false,
    marriage_date: '2010-05-02',
    marriage_regime: 'partial_communion',
    registered_employees: true,
  },
  address: { state: 'SP', city: 'Campinas', address: 'Rua A' },
};
const read = (section: string) => answers[section] ?? null;

describe('prefillFromAnswers', () => {
  it.each([
    ['document', { birth_date_document: '1985-03-10' }, ['data']],
    ['fgts_address', { state_live: 'SP', city_live: 'Campinas', occupation: 'employee' }, ['address', 'data']],
    ['seller-general-data', {}, []],
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

  it('the FGTS occupation is "employee" only for a buyer who works with a signed work card', () => {
    const occupation = (registered_employees: unknown) =>
      prefillFromAnswers('fgts_address', (s) => (s === 'data' ? { registered_employees } : null)).values.occupation;
    expect(occupation(true)).toBe('employee');
    expect(occupation(false)).toBeUndefined();
    expect(occupation(undefined)).toBeUndefined();
  });

  it('reads the sources only from the sections the rules name', () => {
    const asked: string[] = [];
    prefillFromAnswers('fgts_civil_status', (s) => (asked.push(s), null));
    expect(new Set(asked)).toEqual(new Set(['data']));
  });

  it('names only real fields, on both sides; a buyer form reads only buyer answers or the proposal', () => {
    for (const [target, rules] of Object.entries(PREFILL_RULES)) {
      const def = findSection(target)!;
      expect(def, target).toBeDefined();
      for (const [field, sources] of Object.entries(rules)) {
        expect(Object.keys(def.shape), `${target}.${field}`).toContain(field);
        for (const source of Array.isArray(sources) ? sources : [sources]) {
          if (source.section === PROPOSAL_PROPERTY) {
            expect(['cep', 'state', 'city']).toContain(source.field);
            continue;
          }
          const from = findSection(source.section)!;
          expect(Object.keys(from.shape), `${source.section}.${source.field}`).toContain(source.field);
          // Nothing of the seller's reaches a buyer's form.
          if (def.scope === 'buyer') expect(from.scope, `${target} from ${source.section}`).toBe('buyer');
        }
      }
    }
  });

  it("fills the seller's forms from the proposal, the buyer's seller form and the main buyer's FGTS address", () => {
    const given: Record<string, Values> = {
      [PROPOSAL_PROPERTY]: { cep: '30140-071', state: 'MG', city: 'Belo Horizonte' },
      fgts_address: { cep: '30140-071', street: 'Rua da Bahia', number: '1200', district: 'Centro', occupation: 'x' },
      seller: { sellerName: 'Rui Batista', sellerEmail: 'rui@exemplo.com.br', sellerPhone: '31998765432' },
    };
    const from = (s: string) => given[s] ?? null;
    expect(prefillFromAnswers('seller-property', from)).toEqual({
      values: {
        cep: '30140-071',
        state: 'MG',
        city: 'Belo Horizonte',
        address: 'Rua da Bahia',
        number: '1200',
        district: 'Centro',
      },
      from: [PROPOSAL_PROPERTY, 'fgts_address'],
    });
    expect(prefillFromAnswers('seller-general-data', from)).toEqual({
      values: { name: 'Rui Batista', email: 'rui@exemplo.com.br', phone: '31998765432' },
      from: ['seller'],
    });
    // The seller's own phone, once given, wins over the one the buyer typed.
    expect(
      prefillFromAnswers('seller-property-contact', (s) =>
        s === 'seller-general-data' ? { phone: '31911112222' } : from(s),
      ),
    ).toEqual({ values: { contact_phone: '31911112222' }, from: ['seller-general-data'] });
    expect(prefillFromAnswers('seller-property-contact', from)).toEqual({
      values: { contact_phone: '31998765432' },
      from: ['seller'],
    });
  });
});
