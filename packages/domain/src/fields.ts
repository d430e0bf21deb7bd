import { z } from 'zod';
import { isValidCpf } from './cpf';
import { isValidCnpj, normalizeCnpj } from './cnpj';
import { isValidCep } from './cep';
import { isValidPhone, nationalPhone } from './phone';
import { onlyDigits } from './digits';
import { ageOn, isIsoDate, parseBrDate, todayIso } from './dates';
import { formatMoney, parseMoney } from './money';

/**
 * Field builders shared by every form and API route. Each accepts what a person types (masked or
 * not) and outputs the canonical stored value; each failure carries a Portuguese message.
 */

/**
 * Control characters (C0, DEL, C1, Unicode line/paragraph separators) have no place in what a
 * person types: a CR/LF in a name reaches e-mail bodies and headers, PDFs and logs. Multi-line free
 * text (text areas) keeps its line breaks and tabs; see docs/decisions/016-input-hygiene.md.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/;
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS_BUT_LINES = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u2028\u2029]/;
export const CONTROL_CHARACTERS_MESSAGE = 'Não use quebras de linha nem caracteres de controle';
export const MULTILINE_CONTROL_CHARACTERS_MESSAGE = 'Não use caracteres de controle';
export interface TextOptions {
  /** A text area: line breaks and tabs allowed, other control characters still refused. */
  multiline?: boolean;
}
export const hasControlCharacters = (value: string, options: TextOptions = {}) =>
  (options.multiline ? CONTROL_CHARACTERS_BUT_LINES : CONTROL_CHARACTERS).test(value);
const controlCharactersError = (options: TextOptions) => ({
  error: options.multiline ? MULTILINE_CONTROL_CHARACTERS_MESSAGE : CONTROL_CHARACTERS_MESSAGE,
});

/** Required text: trimmed; empty means 'Obrigatório'; no control characters. */
export const requiredText = (max = 200, options: TextOptions = {}) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max, { error: `Use no máximo ${max} caracteres` })
    .refine((v) => !hasControlCharacters(v, options), controlCharactersError(options));

export const email = () =>
  z
    .string()
    .trim()
    .min(1)
    .toLowerCase()
    .pipe(z.email().max(254, { error: 'Insira um e-mail válido' }));

export const cpf = () =>
  z.string().trim().min(1).refine(isValidCpf, { error: 'Insira um CPF válido' }).transform(onlyDigits);

export const cnpj = () =>
  z.string().trim().min(1).refine(isValidCnpj, { error: 'Insira um CNPJ válido' }).transform(normalizeCnpj);

export const cep = () =>
  z.string().trim().min(1).refine(isValidCep, { error: 'Insira um CEP válido' }).transform(onlyDigits);

/** A Brazilian phone with DDD, optionally after '+55'; stored as the national number (DDD + number). */
export const phone = () =>
  z
    .string()
    .trim()
    .min(1)
    .refine(isValidPhone, { error: 'Insira um telefone válido com DDD' })
    .transform((v) => nationalPhone(v) ?? '');

/** Password rule (docs/product/forms.md): 8+ characters with at least one letter and one digit. */
export const PASSWORD_RULE_TEXT = 'A senha deve ter pelo menos 8 caracteres, com letras e números';
export const password = () =>
  z
    .string()
    .min(1)
    .max(128, { error: 'Use no máximo 128 caracteres' })
    .refine((v) => v.length >= 8 && /[A-Za-z]/.test(v) && /\d/.test(v), {
      error: PASSWORD_RULE_TEXT,
    });

/** Optional text: '' and absent both mean "not given" (stored as undefined); no control characters. */
export const optionalText = (max = 200, options: TextOptions = {}) =>
  z
    .string()
    .trim()
    .max(max, { error: `Use no máximo ${max} caracteres` })
    .refine((v) => !hasControlCharacters(v, options), controlCharactersError(options))
    .optional()
    .transform((v) => (v ? v : undefined));

export const SELECT_MESSAGE = 'Selecione uma opção';
/** A choice among fixed values; nothing chosen reads 'Obrigatório'. */
export const choice = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, {
    error: (issue) =>
      issue.input === undefined || issue.input === null || issue.input === '' ? 'Obrigatório' : SELECT_MESSAGE,
  });

/** Yes/no: a checkbox or switch; absent means false. */
export const flag = () => z.boolean().default(false);

/**
 * A date typed DD/MM/AAAA (or already ISO), stored ISO. Options: must be in the past, a minimum
 * age in full years (birth dates of buyers: 18).
 */
export const brDate = (options: { past?: boolean; future?: boolean; minAge?: number } = {}) =>
  z
    .string()
    .trim()
    .min(1)
    .transform((v, ctx) => {
      const iso = /^\d{4}-\d{2}-\d{2}$/.test(v) ? (isIsoDate(v) ? v : null) : parseBrDate(v);
      if (!iso) {
        ctx.addIssue({ code: 'custom', message: 'Insira uma data válida (DD/MM/AAAA)' });
        return z.NEVER;
      }
      const today = todayIso();
      if (options.past && iso >= today) {
        ctx.addIssue({ code: 'custom', message: 'A data deve ser anterior a hoje' });
        return z.NEVER;
      }
      if (options.future && iso < today) {
        ctx.addIssue({ code: 'custom', message: 'A data não pode estar no passado' });
        return z.NEVER;
      }
      if (options.minAge && ageOn(iso, today) < options.minAge) {
        ctx.addIssue({ code: 'custom', message: `É preciso ter pelo menos ${options.minAge} anos` });
        return z.NEVER;
      }
      return iso;
    });

/** An amount typed 'R$ 1.234,56' (or already centavos), stored as integer centavos. */
export const money = (options: { min?: number } = {}) =>
  z.union([z.number(), z.string()]).transform((v, ctx) => {
    const cents =
      typeof v === 'number'
        ? Number.isSafeInteger(v) && v >= 0
          ? v
          : null
        : v.trim() === ''
          ? undefined
          : parseMoney(v);
    if (cents === undefined) {
      ctx.addIssue({ code: 'custom', message: 'Obrigatório' });
      return z.NEVER;
    }
    if (cents === null) {
      ctx.addIssue({ code: 'custom', message: 'Insira um valor em reais válido' });
      return z.NEVER;
    }
    if (options.min !== undefined && cents < options.min) {
      ctx.addIssue({ code: 'custom', message: `O valor mínimo é ${formatMoney(options.min)}` });
      return z.NEVER;
    }
    return cents;
  });

/** A percentage 0..100 with at most two decimals, typed as text (comma or dot) or number. */
export const percent = () =>
  z.union([z.number(), z.string()]).transform((v, ctx) => {
    const n = typeof v === 'number' ? v : v.trim() === '' ? NaN : Number(v.replace(',', '.'));
    if (typeof v === 'string' && v.trim() === '') {
      ctx.addIssue({ code: 'custom', message: 'Obrigatório' });
      return z.NEVER;
    }
    // At most two decimals; n * 100 is compared with a tolerance (39.23 * 100 is 3922.9999999999995).
    if (!Number.isFinite(n) || n < 0 || n > 100 || Math.abs(Math.round(n * 100) - n * 100) > 1e-6) {
      ctx.addIssue({ code: 'custom', message: 'Insira um percentual entre 0 e 100' });
      return z.NEVER;
    }
    return n;
  });

export const UFS = [
  'AC',
  'AL',
  'AP',
  'AM',
  'BA',
  'CE',
  'DF',
  'ES',
  'GO',
  'MA',
  'MT',
  'MS',
  'MG',
  'PA',
  'PB',
  'PR',
  'PE',
  'PI',
  'RJ',
  'RN',
  'RS',
  'RO',
  'RR',
  'SC',
  'SP',
  'SE',
  'TO',
] as const;
export const uf = () => choice(UFS);
