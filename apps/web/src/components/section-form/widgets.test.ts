import { describe, expect, it } from 'vitest';
import { emptyValues, toFormValue, type FieldUi } from './widgets';

const ACCOUNTS: FieldUi = {
  label: 'Contas',
  widget: 'list',
  fields: {
    employee: { label: 'Empregador', widget: 'text' },
    amount: { label: 'Valor', widget: 'money' },
  },
};
const COMPANY: FieldUi = {
  label: 'Empresa',
  widget: 'group',
  fields: {
    cnpj: { label: 'CNPJ', widget: 'cnpj' },
    state: { label: 'UF', widget: 'select' },
    active: { label: 'Ativa', widget: 'switch' },
  },
};

describe('list and group fields', () => {
  it('start blank: inputs empty, switches off', () => {
    expect(emptyValues(ACCOUNTS.fields)).toEqual({ employee: '', amount: '' });
    expect(emptyValues(COMPANY.fields)).toEqual({ cnpj: '', state: '', active: false });
  });

  it('show stored rows and blocks as the inputs expect them', () => {
    expect(toFormValue(ACCOUNTS, [{ employee: 'Horizonte', amount: 150_050 }, { employee: 'Paulista' }])).toEqual([
      { employee: 'Horizonte', amount: '1.500,50' },
      { employee: 'Paulista', amount: '' },
    ]);
    expect(toFormValue(COMPANY, { cnpj: '11222333000181', state: 'SP' })).toEqual({
      cnpj: '11.222.333/0001-81',
      state: 'SP',
      active: false,
    });
    expect(toFormValue(ACCOUNTS, undefined)).toEqual([]);
    expect(toFormValue({ label: 'PIS', widget: 'pis' }, '12056412545')).toBe('120.56412.54-5');
  });
});
