import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import { fieldErrors } from './api-error';
import { fgtsAuthorizationSection, fgtsReviewSection, fgtsTaxSection } from './fgts-sections';
import { MAX_LIST_ROWS, submitSchema, type SectionDef } from './section';
import { installZodMessages } from './zod-messages';

// The current year is 2026 (the clock is faked, only Date).
beforeAll(() => {
  installZodMessages();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-06-15T12:00:00Z'));
});
afterAll(() => vi.useRealTimers());

const ctx = { buyers: 1, buyer: 0 };
function outcome(def: SectionDef<z.ZodRawShape>, values: Record<string, unknown>) {
  const r = submitSchema(def, ctx).safeParse(values);
  return r.success ? { ok: r.data } : { errors: fieldErrors(r.error.issues) };
}

describe('FGTS review', () => {
  it('is accepted only once the buyer confirms the information', () => {
    expect(outcome(fgtsReviewSection, { confirmed: true })).toEqual({ ok: { confirmed: true } });
    for (const values of [{}, { confirmed: false }]) {
      expect(outcome(fgtsReviewSection, values)).toEqual({
        errors: { confirmed: 'Confirme que as informações estão corretas' },
      });
    }
  });
});

describe('FGTS income tax', () => {
  const declared = (tax_year: string, receipt_number = '1234567890') => ({
    declares_income_tax: 'yes',
    tax_year,
    receipt_number,
  });

  it.each([
    ['2000', null],
    ['2026', null],
    ['1999', 'Informe um exercício entre 2000 e o ano atual'],
    ['2027', 'Informe um exercício entre 2000 e o ano atual'],
    ['26', 'Informe o ano com 4 dígitos'],
    ['20a6', 'Informe o ano com 4 dígitos'],
  ])('year %s → %j', (year, message) => {
    const r = outcome(fgtsTaxSection, declared(year));
    expect(r).toEqual(
      message ? { errors: { tax_year: message } } : { ok: expect.objectContaining({ tax_year: year }) },
    );
  });

  it.each([
    ['1234567890', '1234567890'],
    ['123.456.789.012', '123456789012'],
    ['12 3456 7890-1', '12345678901'],
    ['123456789', null],
    ['1234567890123', null],
    ['12345x67890', null],
  ])('receipt %j → %j', (receipt, stored) => {
    const r = outcome(fgtsTaxSection, declared('2025', receipt));
    expect(r).toEqual(
      stored
        ? { ok: expect.objectContaining({ receipt_number: stored }) }
        : { errors: { receipt_number: 'Informe o número do recibo de entrega (10 a 12 dígitos)' } },
    );
  });

  it('without a return, the exemption must be confirmed and no year is asked', () => {
    expect(outcome(fgtsTaxSection, { declares_income_tax: 'no', tax_year: 'x', exempt_declaration: true })).toEqual({
      ok: { declares_income_tax: 'no', exempt_declaration: true },
    });
    expect(outcome(fgtsTaxSection, { declares_income_tax: 'yes' })).toEqual({
      errors: { tax_year: 'Obrigatório', receipt_number: 'Obrigatório' },
    });
  });
});

describe('FGTS authorization accounts', () => {
  const base = { pis_pasep: '120.56412.54-5', full_amount: false, has_company: false };
  const account = (number: string, amount: unknown = '100,00') => ({ employee: 'Empresa', account: number, amount });

  it.each([
    ['1234', '1234'],
    ['1'.repeat(20), '1'.repeat(20)],
    ['12.34/5-6', '123456'],
    ['123', null],
    ['1'.repeat(21), null],
  ])('account %j → %j', (number, stored) => {
    const r = outcome(fgtsAuthorizationSection, { ...base, accounts: [account(number)] });
    expect(r).toEqual(
      stored
        ? { ok: expect.objectContaining({ accounts: [{ employee: 'Empresa', account: stored, amount: 10000 }] }) }
        : { errors: { 'accounts.0.account': 'Informe o número da conta (só números)' } },
    );
  });

  it('an amount left empty must be given unless the whole balance is used', () => {
    expect(
      outcome(fgtsAuthorizationSection, { ...base, accounts: [account('1234', ''), account('5678', null)] }),
    ).toEqual({
      errors: {
        'accounts.0.amount': 'Informe o valor a usar desta conta, ou marque o uso do saldo total',
        'accounts.1.amount': 'Informe o valor a usar desta conta, ou marque o uso do saldo total',
      },
    });
    expect(outcome(fgtsAuthorizationSection, { ...base, accounts: [account('1234', '0,00')] })).toEqual({
      errors: { 'accounts.0.amount': 'O valor mínimo é R$ 0,01' },
    });
  });

  it(`takes ${MAX_LIST_ROWS} accounts at most`, () => {
    const rows = (n: number) => Array.from({ length: n }, () => account('1234'));
    expect(outcome(fgtsAuthorizationSection, { ...base, accounts: rows(MAX_LIST_ROWS) })).toHaveProperty('ok');
    expect(outcome(fgtsAuthorizationSection, { ...base, accounts: rows(MAX_LIST_ROWS + 1) })).toEqual({
      errors: { accounts: `Informe no máximo ${MAX_LIST_ROWS} contas` },
    });
  });
});
