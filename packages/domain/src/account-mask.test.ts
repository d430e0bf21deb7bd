import { describe, expect, it } from 'vitest';
import { maskAccountNumber } from './digits';
import { formatFieldValue, readableFields } from './field-labels';

describe('bank account numbers shown back', () => {
  it.each([
    ['98765-4', '•••65-4'],
    ['987654', '•••65-4'],
    ['1234567890-1', '•••90-1'],
    ['12-3', '•••'],
    ['', '•••'],
  ])('%j → %j', (typed, shown) => {
    expect(maskAccountNumber(typed)).toBe(shown);
  });

  it('masks the account field of a section read back, and only that field', () => {
    expect(formatFieldValue('account', '98765-4')).toBe('•••65-4');
    expect(formatFieldValue('agency', '1234')).toBe('1234');
    const rows = readableFields({ bank: '341', agency: '1234', account: '98765-4' });
    expect(rows.map((r) => r.value)).toEqual(['341', '1234', '•••65-4']);
  });

  it('masks accounts inside lists (the FGTS accounts) too', () => {
    const rows = readableFields({ accounts: [{ employer: 'ACME', account: '5555123' }] });
    expect(rows[0]!.children![0]!.find((f) => f.key === 'account')!.value).toBe('•••12-3');
  });

  it('keeps the whole number when asked (the dossier sent to the bank)', () => {
    expect(formatFieldValue('account', '98765-4', { fullAccounts: true })).toBe('98765-4');
    expect(readableFields({ account: '98765-4' }, { fullAccounts: true })[0]!.value).toBe('98765-4');
  });
});
