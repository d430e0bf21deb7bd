import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { installZodMessages } from './zod-messages';
import {
  cep,
  cnpj,
  CONTROL_CHARACTERS_MESSAGE,
  cpf,
  email,
  MULTILINE_CONTROL_CHARACTERS_MESSAGE,
  optionalText,
  password,
  PASSWORD_RULE_TEXT,
  phone,
  requiredText,
} from './fields';

const firstMessage = (schema: z.ZodType, value: unknown) => {
  const r = schema.safeParse(value);
  if (r.success) throw new Error(`expected ${JSON.stringify(value)} to fail`);
  return r.error.issues[0]!.message;
};

beforeAll(() => installZodMessages());

describe('requiredText', () => {
  it('trims, and an empty or blank text is Obrigatório', () => {
    expect(requiredText().parse('  Ana  ')).toBe('Ana');
    expect(firstMessage(requiredText(), '')).toBe('Obrigatório');
    expect(firstMessage(requiredText(), '   ')).toBe('Obrigatório');
    expect(firstMessage(z.object({ a: requiredText() }), {})).toBe('Obrigatório');
  });
  it('has a Portuguese maximum', () => {
    expect(requiredText(5).parse('12345')).toBe('12345');
    expect(firstMessage(requiredText(5), '123456')).toBe('Use no máximo 5 caracteres');
  });
});

describe('control characters in texts', () => {
  it('names and one-line texts refuse CR, LF, tab, NUL, DEL, C1 and Unicode line separators', () => {
    for (const bad of [
      'Ana\r\nBcc: x@y.com',
      'Ana\nSilva',
      'Ana\tSilva',
      'Ana\u0000',
      'Ana\u007F',
      'Ana\u0085',
      'Ana\u2028Silva',
    ]) {
      expect(firstMessage(requiredText(), bad)).toBe(CONTROL_CHARACTERS_MESSAGE);
      expect(firstMessage(optionalText(), bad)).toBe(CONTROL_CHARACTERS_MESSAGE);
    }
    expect(requiredText().parse('José D’Ávila-Ñúñez')).toBe('José D’Ávila-Ñúñez');
  });
  it('text areas keep line breaks and tabs but refuse the other control characters', () => {
    expect(requiredText(100, { multiline: true }).parse('Linha 1\r\nLinha 2\tfim')).toBe('Linha 1\r\nLinha 2\tfim');
    expect(firstMessage(requiredText(100, { multiline: true }), 'a\u0000b')).toBe(MULTILINE_CONTROL_CHARACTERS_MESSAGE);
    expect(firstMessage(optionalText(100, { multiline: true }), 'a\u001Bb')).toBe(MULTILINE_CONTROL_CHARACTERS_MESSAGE);
  });
});

describe('email', () => {
  it('trims and lower-cases', () => {
    expect(email().parse('  Fulano@Exemplo.COM.br ')).toBe('fulano@exemplo.com.br');
  });
  it('refuses with the portal messages', () => {
    expect(firstMessage(email(), '')).toBe('Obrigatório');
    expect(firstMessage(email(), 'fulano@')).toBe('Insira um e-mail válido');
    expect(firstMessage(email(), `${'a'.repeat(250)}@x.com`)).toBe('Insira um e-mail válido');
  });
});

describe('cpf', () => {
  it('accepts masked or unmasked input and stores the 11 digits', () => {
    expect(cpf().parse('529.982.247-25')).toBe('52998224725');
    expect(cpf().parse(' 52998224725 ')).toBe('52998224725');
  });
  it('refuses with a Portuguese message', () => {
    expect(firstMessage(cpf(), '529.982.247-26')).toBe('Insira um CPF válido');
    expect(firstMessage(cpf(), '111.111.111-11')).toBe('Insira um CPF válido');
    expect(firstMessage(cpf(), '')).toBe('Obrigatório');
  });
  it.each(['529x982x247x25', '52998224725abc', '5299822472#5', '529,982,247,25'])(
    'refuses %j: a character other than the mask separators is not cleaned away',
    (v) => {
      expect(firstMessage(cpf(), v)).toBe('Insira um CPF válido');
    },
  );
  it('accepts the usual separators and spaces', () => {
    expect(cpf().parse('529 982 247 25')).toBe('52998224725');
    expect(cpf().parse('529.982.247/25')).toBe('52998224725');
  });
});

describe('cnpj', () => {
  it('stores the 14 upper-case characters', () => {
    expect(cnpj().parse('11.222.333/0001-81')).toBe('11222333000181');
    expect(cnpj().parse('12.abc.345/01de-35')).toBe('12ABC34501DE35');
  });
  it('refuses with a Portuguese message', () => {
    expect(firstMessage(cnpj(), '11.222.333/0001-82')).toBe('Insira um CNPJ válido');
    expect(firstMessage(cnpj(), '')).toBe('Obrigatório');
  });
  it.each(['11#222#333#0001#81', '11.222.333/0001-81!', '11_222_333_0001_81'])('refuses %j', (v) => {
    expect(firstMessage(cnpj(), v)).toBe('Insira um CNPJ válido');
  });
  it('accepts spaces as separators', () => {
    expect(cnpj().parse('11 222 333 0001 81')).toBe('11222333000181');
  });
});

describe('cep', () => {
  it('stores the 8 digits', () => {
    expect(cep().parse('01310-100')).toBe('01310100');
  });
  it('refuses with a Portuguese message', () => {
    expect(firstMessage(cep(), '01310-10')).toBe('Insira um CEP válido');
    expect(firstMessage(cep(), '')).toBe('Obrigatório');
  });
});

describe('phone', () => {
  it('stores the digits with DDD', () => {
    expect(phone().parse('(11) 98765-4321')).toBe('11987654321');
    expect(phone().parse('(21) 2345-6789')).toBe('2123456789');
  });
  it('refuses with a Portuguese message', () => {
    expect(firstMessage(phone(), '98765-4321')).toBe('Insira um telefone válido com DDD');
    expect(firstMessage(phone(), '')).toBe('Obrigatório');
  });
  it('accepts an optional +55 and stores the national number', () => {
    expect(phone().parse('+55 11 98765-4321')).toBe('11987654321');
    expect(phone().parse('+55 (21) 2345-6789')).toBe('2123456789');
    expect(phone().parse('+5511987654321')).toBe('11987654321');
    expect(phone().parse('55 11 98765-4321')).toBe('11987654321');
    // 55 is also a DDD: a national number from Rio Grande do Sul keeps it.
    expect(phone().parse('(55) 99876-5432')).toBe('55998765432');
  });
  it.each(['11 98765-4321 ramal', '11#98765#4321', '+1 11 98765-4321', '+55 +11 98765-4321'])('refuses %j', (v) => {
    expect(firstMessage(phone(), v)).toBe('Insira um telefone válido com DDD');
  });
});

describe('password (8+ characters with a letter and a digit)', () => {
  it.each(['abcdefg1', 'Demo@2026!', '1234567a', 'senha segura 9'])('accepts %j', (v) => {
    expect(password().parse(v)).toBe(v);
  });
  it.each([
    ['7 characters', 'abcdef1'],
    ['no digit', 'abcdefgh'],
    ['no letter', '12345678'],
    ['symbols and digits only', '!@#$1234'],
  ])('refuses %s with the rule', (_, v) => {
    expect(firstMessage(password(), v)).toBe(PASSWORD_RULE_TEXT);
  });
  it('an empty password is Obrigatório', () => {
    expect(firstMessage(password(), '')).toBe('Obrigatório');
  });
  it('caps the length at 128', () => {
    expect(firstMessage(password(), `a1${'x'.repeat(127)}`)).toBe('Use no máximo 128 caracteres');
  });
  it('the rule text reads in Portuguese', () => {
    expect(PASSWORD_RULE_TEXT).toBe('A senha deve ter pelo menos 8 caracteres, com letras e números');
  });
});
