import { z } from 'zod';
import { BANK_CODES } from './banks';
import { isValidCnpj, normalizeCnpj } from './cnpj';
import { isValidCpf } from './cpf';
import { onlyDigits } from './digits';
import { choice, flag, money, percent, requiredText } from './fields';
import { defineSection } from './section';
import { generalOf, sellerDocument } from './seller-person-sections';

/** A CPF (11 digits) or a CNPJ (14 characters, numeric or alphanumeric), stored without mask. */
export const cpfOrCnpj = () =>
  z
    .string()
    .trim()
    .min(1)
    .refine((v) => isValidCpf(v) || isValidCnpj(v), { error: 'Insira um CPF ou CNPJ válido' })
    .transform((v) => (isValidCpf(v) ? onlyDigits(v) : normalizeCnpj(v)));

export const ACCOUNT_TYPES = ['checking', 'savings'] as const;
export const ACCOUNT_TYPE_LABELS: Record<(typeof ACCOUNT_TYPES)[number], string> = {
  checking: 'Conta corrente',
  savings: 'Conta poupança',
};

/**
 * /seller/proposals/:id/amounts-receivable: the account that receives the price. The account must
 * be the seller's own (same CPF/CNPJ as the general data); a share when several sellers split the
 * price; the payoff of the property's current financing, which the bank pays first.
 */
export const sellerAmountsSection = defineSection({
  key: 'seller-amounts-receivable',
  scope: 'seller',
  title: 'Valores a receber',
  shape: () => ({
    bank: choice(BANK_CODES),
    account_type: choice(ACCOUNT_TYPES),
    agency: z
      .string()
      .trim()
      .min(1)
      .regex(/^\d{4}(-?[\dXx])?$/, { error: 'Insira a agência com 4 dígitos (ex.: 1234 ou 1234-5)' }),
    account: z
      .string()
      .trim()
      .min(1)
      .regex(/^\d{1,12}-?[\dXx]$/, { error: 'Insira a conta com o dígito (ex.: 12345-6)' }),
    holder_name: requiredText(120),
    holder_document: cpfOrCnpj(),
    several_sellers: flag(),
    share_percent: percent(),
    other_sellers: requiredText(300, { multiline: true }),
    payoff: flag(),
    payoff_amount: money({ min: 1 }),
  }),
  when: {
    share_percent: (v) => v.several_sellers === true,
    other_sellers: (v) => v.several_sellers === true,
    payoff_amount: (v) => v.payoff === true,
  },
  rules(v, ctx) {
    const issues: { path: string; message: string }[] = [];
    if (
      v.several_sellers === true &&
      typeof v.share_percent === 'number' &&
      (v.share_percent <= 0 || v.share_percent >= 100)
    )
      issues.push({ path: 'share_percent', message: 'Com mais de um vendedor, sua parte fica entre 0% e 100%' });
    if (!ctx.facts) return issues;
    const expected = sellerDocument(generalOf(ctx));
    if (!expected) issues.push({ path: 'holder_document', message: 'Preencha antes os dados gerais do vendedor' });
    else if (v.holder_document !== expected)
      issues.push({
        path: 'holder_document',
        message: 'A conta deve estar em seu nome: use o mesmo CPF/CNPJ dos dados gerais',
      });
    const financing = ctx.facts.sectionValues('seller-property-financing', null);
    if (financing?.still_financed === 'yes' && v.payoff !== true)
      issues.push({
        path: 'payoff',
        message: 'O imóvel ainda está financiado: parte do valor quita esse saldo devedor',
      });
    if (financing?.still_financed === 'no' && v.payoff === true)
      issues.push({ path: 'payoff', message: 'Você informou que o imóvel não está financiado' });
    return issues;
  },
});
