import { describe, expect, it } from 'vitest';
import { maskBrDate, parseBrDate } from './dates';
import { formatFieldValue, readableFields } from './field-labels';

describe('stored values as a person reads them', () => {
  it.each([
    ['name', null, '—'],
    ['name', undefined, '—'],
    ['name', '', '—'],
    ['name', 0, '0'],
    ['represented', false, 'Não'],
    ['first_buyer_percent', 33.5, '33,5%'],
    ['installments', 360, '360'],
    ['cpf', '52998224725', '529.982.247-25'],
    ['cpf', '5299822472', '5299822472'],
    ['cpf_attorney', '11222333000181', '11.222.333/0001-81'],
    ['name', '11222333000181', '11222333000181'],
    ['cep', '01310100', '01310-100'],
    ['cep', '013101000', '013101000'],
    ['number', '01310100', '01310100'],
    ['phone', '11987654321', '(11) 98765-4321'],
    ['phone', '1133334444', '(11) 3333-4444'],
    ['phone', '113333444', '113333444'],
    ['name', '11987654321', '11987654321'],
    ['birth_date', '1985-03-10', '10/03/1985'],
    ['note', 'x1985-03-10', 'x1985-03-10'],
    ['note', '1985-03-10x', '1985-03-10x'],
    ['state', 'SP', 'SP'],
  ])('%s %j → %j', (field, value, shown) => {
    expect(formatFieldValue(field, value)).toBe(shown);
  });

  it('lists show one row per item, an empty list a dash, plain items with the list label', () => {
    expect(readableFields({ accounts: [] })).toEqual([
      { key: 'accounts', label: expect.any(String), value: '—', children: [] },
    ]);
    const [list] = readableFields({ tags: ['a', null] });
    expect(list!.value).toBeNull();
    expect(list!.children).toEqual([
      [{ key: 'tags', label: 'tags', value: 'a' }],
      [{ key: 'tags', label: 'tags', value: '—' }],
    ]);
    const [rows] = readableFields({ rows: [{ cep: '01310100' }] });
    expect(rows!.children).toEqual([[{ key: 'cep', label: expect.any(String), value: '01310-100' }]]);
  });
});

describe('dates typed DD/MM/AAAA', () => {
  it.each([
    ['', ''],
    ['1', '1'],
    ['14', '14'],
    ['140', '14/0'],
    ['1403', '14/03'],
    ['14031', '14/03/1'],
    ['14031990', '14/03/1990'],
    ['140319901', '14/03/1990'],
    ['14/03/1990', '14/03/1990'],
    ['a1b4', '14'],
  ])('mask %j → %j', (typed, shown) => {
    expect(maskBrDate(typed)).toBe(shown);
  });

  it('parses only a whole DD/MM/AAAA', () => {
    expect(parseBrDate(' 14/03/1990 ')).toBe('1990-03-14');
    expect(parseBrDate('x14/03/1990')).toBeNull();
    expect(parseBrDate('14/03/1990x')).toBeNull();
    expect(parseBrDate('14/03/19901')).toBeNull();
  });
});
