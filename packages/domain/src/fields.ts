import { z } from 'zod';
import { isValidCpf } from './cpf';
import { isValidCnpj, normalizeCnpj } from './cnpj';
import { isValidCep } from './cep';
import { isValidPhone } from './phone';
import { onlyDigits } from './digits';

/**
 * Field builders shared by every form and API route. Each accepts what a person types (masked or
 * not) and outputs the canonical stored value; each failure carries a Portuguese message.
 */

/** Required text: trimmed; empty means 'Obrigatório'. */
export const requiredText = (max = 200) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max, { error: `Use no máximo ${max} caracteres` });

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

export const phone = () =>
  z.string().trim().min(1).refine(isValidPhone, { error: 'Insira um telefone válido com DDD' }).transform(onlyDigits);

/** Password rule (DESIGN §7): 8+ characters with at least one letter and one digit. */
export const PASSWORD_RULE_TEXT = 'A senha deve ter pelo menos 8 caracteres, com letras e números';
export const password = () =>
  z
    .string()
    .min(1)
    .max(128, { error: 'Use no máximo 128 caracteres' })
    .refine((v) => v.length >= 8 && /[A-Za-z]/.test(v) && /\d/.test(v), {
      error: PASSWORD_RULE_TEXT,
    });
