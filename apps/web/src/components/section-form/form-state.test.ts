import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { issuesToErrors, shiftRowErrors, valueAt, withValueAt } from './form-state';

describe('issuesToErrors', () => {
  it("gives each field the first message of its path, rows' fields and the list itself included", () => {
    const schema = z.object({
      name: z.string().min(1, 'Obrigatório').max(3, 'Longo demais'),
      age: z.number({ error: 'Número' }),
      accounts: z
        .array(z.object({ amount: z.string().min(1, 'Valor obrigatório') }))
        .min(3, 'Informe ao menos três contas'),
    });
    const result = schema.safeParse({ name: '', age: 'x', accounts: [{ amount: '1' }, { amount: '' }] });
    expect(result.success).toBe(false);
    expect(issuesToErrors(result.error!.issues)).toEqual({
      name: 'Obrigatório',
      age: 'Número',
      'accounts.1.amount': 'Valor obrigatório',
      accounts: 'Informe ao menos três contas',
    });
  });

  it("takes a union's message from its branch with the fewest issues, and places every branch's issues", () => {
    const schema = z.object({
      who: z.union([
        z.object({ cpf: z.string().min(11, 'CPF incompleto'), name: z.string('Nome obrigatório') }),
        z.object({ cnpj: z.string('CNPJ obrigatório') }),
      ]),
    });
    const result = schema.safeParse({ who: { cpf: '1' } });
    expect(issuesToErrors(result.error!.issues)).toEqual({
      who: 'CNPJ obrigatório',
      'who.cpf': 'CPF incompleto',
      'who.name': 'Nome obrigatório',
      'who.cnpj': 'CNPJ obrigatório',
    });
  });
});

describe('values by path', () => {
  it('reads and writes a dotted path, copying the rows and blocks on the way', () => {
    const values = { name: 'Ana', accounts: [{ amount: '1' }, { amount: '2' }], company: { cnpj: '' } };
    const next = withValueAt(values, 'accounts.1.amount', '3');
    expect(valueAt(next, 'accounts.1.amount')).toBe('3');
    expect(values.accounts[1]!.amount).toBe('2');
    expect(next.accounts).not.toBe(values.accounts);
    expect(Array.isArray(next.accounts)).toBe(true);
    expect(next.company).toBe(values.company);
    expect(valueAt(withValueAt(values, 'company.cnpj', '1'), 'company')).toEqual({ cnpj: '1' });
    expect(valueAt(values, 'accounts.5.amount')).toBeUndefined();
  });
});

describe('shiftRowErrors', () => {
  it("drops a removed row's messages and moves the later rows' up with their rows", () => {
    const errors = {
      name: 'a',
      accounts: 'b',
      'accounts.0.amount': 'c',
      'accounts.1.amount': 'd',
      'accounts.2.amount': 'e',
      'accounts.2.bank': 'f',
      accountsExtra: 'g',
    };
    expect(shiftRowErrors(errors, 'accounts', 1)).toEqual({
      name: 'a',
      accounts: 'b',
      'accounts.0.amount': 'c',
      'accounts.1.amount': 'e',
      'accounts.1.bank': 'f',
      accountsExtra: 'g',
    });
  });
});
