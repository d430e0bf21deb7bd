import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldErrors } from './api-error';
import { formatPhone, isValidPhone, nationalPhone } from './phone';

describe('phone numbers', () => {
  it.each([
    ['11987654321', true],
    ['1133334444', true],
    ['1153334444', true],
    ['1163334444', false],
    ['119876543210', false],
    ['x11987654321', false],
    ['11987654321x', false],
    ['+55 (11) 98765-4321', true],
    ['+5511987654321', true],
    ['+ 55 11 3333-4444', true],
    ['+54 11 98765-4321', false],
    ['  (11) 98765-4321  ', true],
  ])('%j valid: %j', (typed, ok) => {
    expect(isValidPhone(typed)).toBe(ok);
  });

  it('a leading 55 without + is the country code only before a full national number', () => {
    expect(nationalPhone('5511987654321')).toBe('11987654321');
    expect(nationalPhone('5533334444')).toBe('5533334444');
    expect(nationalPhone('55 3333-4444')).toBe('5533334444');
  });

  it.each([
    ['11987654321', '(11) 98765-4321'],
    ['+55 11 98765-4321', '(11) 98765-4321'],
    ['+55 11', '+55 11'],
    ['+55 119876', '+55 119876'],
    ['+55 1198765432', '(11) 9876-5432'],
    ['11a', '11a'],
    ['', ''],
    ['1', '(1'],
  ])('shows %j as %j while typing', (typed, shown) => {
    expect(formatPhone(typed)).toBe(shown);
  });
});

describe('field errors of a refused body', () => {
  it('names each unknown key under its path as "Campo não permitido", first message per field', () => {
    const schema = z.strictObject({ a: z.string(), inner: z.strictObject({ b: z.string() }) });
    const r = schema.safeParse({ a: 'x', inner: { b: 'y', c: 1 }, d: 2 });
    expect(fieldErrors(r.error!.issues)).toEqual({ 'inner.c': 'Campo não permitido', d: 'Campo não permitido' });
    expect(
      fieldErrors([
        { path: ['a'], message: 'primeira' },
        { path: ['a'], message: 'segunda' },
        { path: [], message: 'geral' },
        { path: ['x'], message: 'sem chaves', code: 'unrecognized_keys' },
      ]),
    ).toEqual({ a: 'primeira', _: 'geral', x: 'sem chaves' });
  });
});
