import { describe, expect, it } from 'vitest';
import { formatCep, isValidCep } from './cep';

describe('isValidCep', () => {
  it.each(['01310-100', '01310100', ' 04538-132 ', '99999-999'])('accepts %s', (v) => {
    expect(isValidCep(v)).toBe(true);
  });
  it.each([
    ['zeros', '00000-000'],
    ['zeros unmasked', '00000000'],
    ['7 digits', '0131010'],
    ['9 digits', '013101000'],
    ['misplaced hyphen', '0131-0100'],
    ['dot mask', '01.310-100'],
    ['letters', '0131A-100'],
    ['empty', ''],
  ])('refuses %s', (_, v) => {
    expect(isValidCep(v)).toBe(false);
  });
});

describe('formatCep', () => {
  it.each([
    ['01310100', '01310-100'],
    ['01310-100', '01310-100'],
    ['', ''],
    ['0131', '0131'],
    ['01310', '01310'],
    ['013101', '01310-1'],
    ['0131010099', '01310-100'],
    ['01.310-100', '01310-100'],
  ])('%j → %j', (input, out) => {
    expect(formatCep(input)).toBe(out);
  });
});
