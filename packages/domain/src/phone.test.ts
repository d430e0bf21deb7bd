import { describe, expect, it } from 'vitest';
import { formatPhone, isValidPhone } from './phone';

describe('isValidPhone', () => {
  it.each([
    ['mobile', '11987654321'],
    ['mobile masked', '(11) 98765-4321'],
    ['landline', '1133334444'],
    ['landline masked', '(21) 2345-6789'],
    ['landline starting with 5', '(61) 5555-1234'],
    ['another DDD', '(99) 91234-5678'],
  ])('accepts %s', (_, v) => {
    expect(isValidPhone(v)).toBe(true);
  });
  it.each([
    ['unknown DDD 20', '(20) 98765-4321'],
    ['DDD 10', '(10) 3333-4444'],
    ['DDD 00', '(00) 98765-4321'],
    ['11 digits not starting with 9', '(11) 88765-4321'],
    ['10 digits starting with 9 (old mobile)', '(11) 9876-5432'],
    ['landline starting with 1', '(11) 1333-4444'],
    ['landline starting with 6', '(11) 6333-4444'],
    ['too short', '(11) 3333-444'],
    ['too long', '(11) 98765-43210'],
    ['empty', ''],
  ])('refuses %s', (_, v) => {
    expect(isValidPhone(v)).toBe(false);
  });
});

describe('formatPhone', () => {
  it.each([
    ['11987654321', '(11) 98765-4321'],
    ['1133334444', '(11) 3333-4444'],
    ['(11) 98765-4321', '(11) 98765-4321'],
    ['', ''],
    ['1', '(1'],
    ['11', '(11'],
    ['119', '(11) 9'],
    ['119876', '(11) 9876'],
    ['1198765', '(11) 9876-5'],
    ['119876543', '(11) 9876-543'],
    ['119876543210000', '(11) 98765-4321'],
  ])('%j → %j', (input, out) => {
    expect(formatPhone(input)).toBe(out);
  });
});
