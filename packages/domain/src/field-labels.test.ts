import { describe, expect, it } from 'vitest';
import { FIELD_LABELS, fieldLabel, formatFieldValue, readableFields } from './field-labels';
import { ALL_SECTIONS } from './sections-registry';

describe('field labels for read-only views', () => {
  it('labels known fields in Portuguese and keeps unknown keys visible', () => {
    expect(fieldLabel('birth_date')).toBe('Data de nascimento');
    expect(fieldLabel('campo_novo')).toBe('campo_novo');
  });

  it('labels every field of every section (the back office shows no code name)', () => {
    const unlabelled = ALL_SECTIONS.flatMap((def) =>
      Object.keys(def.shape)
        .filter((field) => !FIELD_LABELS[field])
        .map((field) => `${def.key}.${field}`),
    );
    expect(unlabelled).toEqual([]);
    expect(fieldLabel('bought_with_fgts')).toBe('Comprado pelo vendedor com FGTS');
  });

  it('formats values as a person reads them', () => {
    expect(formatFieldValue('income', 1_850_000)).toBe('R$ 18.500,00');
    expect(formatFieldValue('cpf', '52998224725')).toBe('529.982.247-25');
    expect(formatFieldValue('cep', '04538132')).toBe('04538-132');
    expect(formatFieldValue('phone', '11987654321')).toBe('(11) 98765-4321');
    expect(formatFieldValue('birth_date', '1986-03-14')).toBe('14/03/1986');
    expect(formatFieldValue('civil_status', 'married')).toBe('Casado(a)');
    expect(formatFieldValue('represented', false)).toBe('Não');
    expect(formatFieldValue('first_buyer_percent', 62.5)).toBe('62,5%');
    expect(formatFieldValue('complement', undefined)).toBe('—');
  });

  it('nests lists and blocks', () => {
    const rows = readableFields({
      accounts: [{ employee: 'ACME', amount: 100_000 }],
      company: { name: 'ACME Ltda' },
      has_company: true,
    });
    expect(rows[0]).toMatchObject({
      label: 'Contas do FGTS',
      children: [
        [
          { label: 'Empregador', value: 'ACME' },
          { label: 'Valor', value: 'R$ 1.000,00' },
        ],
      ],
    });
    expect(rows[1]).toMatchObject({ label: 'Empresa', children: [[{ label: 'Nome', value: 'ACME Ltda' }]] });
    expect(rows[2]).toEqual({ key: 'has_company', label: 'Tem empresa', value: 'Sim' });
  });
});
