import { z } from 'zod';
import { brDate, cep, choice, cnpj, cpf, flag, money, optionalText, requiredText, uf } from './fields';
import { usesFgts } from './fgts-eligibility';
import { pis } from './pis';
import { defineSection, MAX_LIST_ROWS, type Values } from './section';
import { canHaveUnion, CIVIL_STATUSES, hasPartner as hasStablePartner, MARRIAGE_REGIMES, yesNo } from './section-parts';

/** The FGTS forms an eligible buyer fills (docs/product/fgts.md): address and work, civil status, income tax, authorization, review. */

export const OCCUPATION_TYPES = [
  'employee',
  'civil_servant',
  'self_employed',
  'business_owner',
  'retired',
  'none',
] as const;
export const OCCUPATION_LABELS: Record<(typeof OCCUPATION_TYPES)[number], string> = {
  employee: 'Empregado(a) com carteira assinada',
  civil_servant: 'Servidor(a) público(a)',
  self_employed: 'Autônomo(a) ou profissional liberal',
  business_owner: 'Empresário(a)',
  retired: 'Aposentado(a)',
  none: 'Não trabalho atualmente',
};
const works = (v: Values) =>
  typeof v.occupation === 'string' && v.occupation !== '' && v.occupation !== 'retired' && v.occupation !== 'none';

/**
 * The FGTS address block (docs/product/fgts.md): the address of the property bought with FGTS, where the buyer
 * works and lives, and the declarations FGTS asks about them (same city, 1+ year, own housing).
 */
export const fgtsAddressSection = defineSection({
  key: 'fgts_address',
  scope: 'buyer',
  title: 'FGTS — Endereço do imóvel e ocupação',
  required: usesFgts,
  shape: () => ({
    cep: cep(),
    street: requiredText(200),
    number: requiredText(20),
    nonumber: flag(),
    complement: requiredText(100),
    nocomplement: flag(),
    district: requiredText(100),
    city: requiredText(100),
    state: uf(),
    occupation: choice(OCCUPATION_TYPES),
    name_occupation: requiredText(120),
    state_occupation: uf(),
    city_occupation: requiredText(100),
    same_city_work: flag(),
    state_live: uf(),
    city_live: requiredText(100),
    same_city_living: flag(),
    same_city_living_year: flag(),
    intent_housing: flag(),
  }),
  when: {
    number: (v) => v.nonumber !== true,
    complement: (v) => v.nocomplement !== true,
    name_occupation: works,
    state_occupation: works,
    city_occupation: works,
    same_city_work: works,
    same_city_living_year: (v) => v.same_city_living === true,
  },
  rules(v) {
    const issues: { path: string; message: string }[] = [];
    if (v.intent_housing !== true)
      issues.push({
        path: 'intent_housing',
        message: 'O FGTS só pode ser usado na compra de imóvel para a sua própria moradia',
      });
    const byWork = works(v) && v.same_city_work === true;
    const byLiving = v.same_city_living === true && v.same_city_living_year === true;
    if (!byWork && !byLiving) {
      issues.push({
        path: v.same_city_living === true ? 'same_city_living_year' : 'same_city_living',
        message:
          'Para usar o FGTS, o imóvel deve ficar no município (ou região metropolitana) onde você trabalha, ou onde mora há mais de 1 ano',
      });
    }
    return issues;
  },
});

const hasPartner = (v: Values) => hasStablePartner(v, 'stable_union');

/** The FGTS civil status form (docs/product/fgts.md "civil_form"): the spouse or partner also signs FGTS forms. */
export const fgtsCivilStatusSection = defineSection({
  key: 'fgts_civil_status',
  scope: 'buyer',
  title: 'FGTS — Estado civil',
  required: usesFgts,
  shape: () => ({
    civil_status: choice(CIVIL_STATUSES),
    stable_union: flag(),
    marriage_regime: choice(MARRIAGE_REGIMES),
    marriage_date: brDate({ past: true }),
    spouse_name: requiredText(120),
    spouse_cpf: cpf(),
    spouse_uses_fgts: flag(),
  }),
  when: {
    stable_union: canHaveUnion,
    marriage_regime: hasPartner,
    marriage_date: hasPartner,
    spouse_name: hasPartner,
    spouse_cpf: hasPartner,
    spouse_uses_fgts: hasPartner,
  },
});

const currentYear = () => new Date().getFullYear();
const declares = (v: Values) => v.declares_income_tax === 'yes';

/** The FGTS income tax form (docs/product/fgts.md "income_tax"): the last IRPF return, or the exemption. */
export const fgtsTaxSection = defineSection({
  key: 'fgts_tax',
  scope: 'buyer',
  title: 'FGTS — Imposto de renda',
  required: usesFgts,
  shape: () => ({
    declares_income_tax: yesNo(),
    tax_year: z
      .string()
      .trim()
      .min(1)
      .regex(/^\d{4}$/, { error: 'Informe o ano com 4 dígitos' })
      .refine((y) => Number(y) >= 2000 && Number(y) <= currentYear(), {
        error: 'Informe um exercício entre 2000 e o ano atual',
      }),
    receipt_number: z
      .string()
      .trim()
      .min(1)
      .refine((v) => /^[\d.\- ]+$/.test(v) && v.replace(/\D/g, '').length >= 10 && v.replace(/\D/g, '').length <= 12, {
        error: 'Informe o número do recibo de entrega (10 a 12 dígitos)',
      })
      .transform((v) => v.replace(/\D/g, '')),
    exempt_declaration: flag(),
  }),
  when: {
    tax_year: declares,
    receipt_number: declares,
    exempt_declaration: (v) => v.declares_income_tax === 'no',
  },
  rules(v) {
    return v.declares_income_tax === 'no' && v.exempt_declaration !== true
      ? [{ path: 'exempt_declaration', message: 'Confirme a declaração de isenção para continuar' }]
      : [];
  },
});

/** An amount that may be left empty ('' as typed means "not given"). */
const optionalMoney = () => z.preprocess((v) => (v === '' || v === null ? undefined : v), money({ min: 1 }).optional());

const fgtsAccountSchema = () =>
  z.object({
    employee: requiredText(120),
    account: z
      .string()
      .trim()
      .min(1)
      .refine((v) => /^[\d.\-/ ]+$/.test(v) && v.replace(/\D/g, '').length >= 4 && v.replace(/\D/g, '').length <= 20, {
        error: 'Informe o número da conta (só números)',
      })
      .transform((v) => v.replace(/\D/g, '')),
    amount: optionalMoney(),
  });
export type FgtsAccount = z.output<ReturnType<typeof fgtsAccountSchema>>;

const fgtsCompanySchema = () =>
  z.object({
    name: requiredText(120),
    cnpj: cnpj(),
    street: requiredText(200),
    number: requiredText(20),
    complement: optionalText(100),
    district: requiredText(100),
    city: requiredText(100),
    state: uf(),
  });

/**
 * The FGTS authorization (docs/product/fgts.md): PIS/PASEP, the accounts to move (employer, account, amount),
 * whether the whole balance is used, and the company block when has_company.
 */
export const fgtsAuthorizationSection = defineSection({
  key: 'fgts_authorization',
  scope: 'buyer',
  title: 'FGTS — Autorização',
  required: usesFgts,
  shape: () => ({
    pis_pasep: pis(),
    accounts: z
      .array(fgtsAccountSchema())
      .min(1, { error: 'Informe pelo menos uma conta do FGTS' })
      .max(MAX_LIST_ROWS, { error: `Informe no máximo ${MAX_LIST_ROWS} contas` }),
    full_amount: flag(),
    has_company: flag(),
    company: fgtsCompanySchema(),
  }),
  when: { company: (v) => v.has_company === true },
  rules(v) {
    if (v.full_amount === true) return [];
    const accounts = Array.isArray(v.accounts) ? (v.accounts as FgtsAccount[]) : [];
    return accounts.flatMap((a, i) =>
      a.amount === undefined
        ? [
            {
              path: `accounts.${i}.amount`,
              message: 'Informe o valor a usar desta conta, ou marque o uso do saldo total',
            },
          ]
        : [],
    );
  },
});

/** The review's confirmation: everything above is correct (stored, so the PDF knows it was confirmed). */
export const fgtsReviewSection = defineSection({
  key: 'fgts_review',
  scope: 'buyer',
  title: 'FGTS — Revisão',
  required: usesFgts,
  shape: () => ({ confirmed: flag() }),
  rules: (v) =>
    v.confirmed === true ? [] : [{ path: 'confirmed', message: 'Confirme que as informações estão corretas' }],
});
